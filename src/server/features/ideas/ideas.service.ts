import { and, desc, eq } from 'drizzle-orm';
import type {
  HypothesisUpdate,
  IdeaCategory,
  IdeaCreate,
  IdeaDto,
  IdeaPage,
  IdeaPrefill,
  IdeaStatus,
  IdeaUpdate,
} from '#shared/ideas/ideas.schemas.ts';
import { DEFAULT_ASSUMPTIONS } from '#shared/ideas/projections.ts';
import type { ListQuery } from '#shared/api/list.schemas.ts';
import type { Category } from '#shared/searches/filters.schemas.ts';
import type { Database } from '../../db/client.ts';
import { ideaHypotheses, ideas, searchResults, type IdeaRow } from '../../db/schema/index.ts';
import { accessible, accessibleRow, assertCanAccess } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import {
  ideaHypothesisResource,
  ideaResource,
  searchResultResource,
  sharedIdeaResource,
} from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { paginate, type KeysetColumn } from '../../lib/http/paginate.ts';
import type { IdeaNumbers } from './idea-credibility.logic.ts';
import { oneDto, withHypotheses } from './idea.dto.ts';
import { prefillCustomer } from './idea-customer.logic.ts';
import { projectionColumns } from './idea-projections.logic.ts';

// Ideas (docs/product/ideas.md). Status: draft → validated (a validation succeeded for the current
// text) → archived (set aside; unarchiving returns it to the status it had). Editing the text of a
// validated idea returns it to draft: its scores describe the earlier text (isStale). Validation is in
// idea-validation.service.ts, the response shape in idea.dto.ts, the projection columns in idea-projections.logic.ts.

const TEXT_FIELDS = ['title', 'description', 'targetMarket', 'businessModel', 'category'] as const;

const recentlyChangedFirst: KeysetColumn<IdeaRow>[] = [
  { column: ideas.updatedAt, direction: 'desc', value: (r) => r.updatedAt },
  { column: ideas.id, direction: 'desc', value: (r) => r.id },
];

export async function listIdeas(options: {
  db: Database;
  principal: Principal;
  query: ListQuery & { status?: IdeaStatus | undefined };
}): Promise<IdeaPage> {
  const { db, principal, query } = options;
  const page = await paginate({
    query,
    keyset: recentlyChangedFirst,
    fetch: ({ limit, offset, after }) =>
      db
        .select()
        .from(ideas)
        .where(
          and(
            accessible(ideaResource, principal, 'read'),
            query.status ? eq(ideas.status, query.status) : undefined,
            after,
          ),
        )
        .orderBy(desc(ideas.updatedAt), desc(ideas.id))
        .limit(limit)
        .offset(offset),
  });
  return { ...page, items: await withHypotheses(db, page.items) };
}

export async function getIdea(options: { db: Database; principal: Principal; id: number }): Promise<IdeaDto> {
  const { db, principal, id } = options;
  const [row] = await db
    .select()
    .from(ideas)
    .where(accessibleRow(sharedIdeaResource, id, principal, 'read'));
  return oneDto(db, row);
}

export async function createIdea(options: {
  db: Database;
  principal: Principal;
  userId: number;
  now: Date;
  input: IdeaCreate;
}): Promise<IdeaDto> {
  const { db, principal, userId, now, input } = options;
  if (input.sourceSearchResultId !== undefined) {
    await assertCanAccess({
      db,
      resource: searchResultResource,
      id: input.sourceSearchResultId,
      principal,
      permission: 'read',
    });
  }
  const numbers: IdeaNumbers = {
    initialInvestment: input.initialInvestment ?? null,
    monthlyRevenue: input.monthlyRevenue ?? null,
    monthlyExpenses: input.monthlyExpenses ?? null,
  };
  const [row] = await db
    .insert(ideas)
    .values({
      userId,
      title: input.title,
      description: input.description,
      targetMarket: input.targetMarket,
      businessModel: input.businessModel,
      category: input.category,
      ...numbers,
      assumptions: DEFAULT_ASSUMPTIONS,
      ...projectionColumns(numbers, DEFAULT_ASSUMPTIONS),
      sourceSearchResultId: input.sourceSearchResultId ?? null,
      status: 'draft',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return oneDto(db, row);
}

export async function updateIdea(options: {
  db: Database;
  principal: Principal;
  id: number;
  now: Date;
  input: IdeaUpdate;
}): Promise<IdeaDto> {
  const { db, principal, id, now, input } = options;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(ideas)
      .where(accessibleRow(sharedIdeaResource, id, principal, 'write'))
      .for('update');
    if (!current) {
      // Shared with the user without canEdit: they may look, not change (403, not 404).
      await assertCanAccess({ db: tx, resource: sharedIdeaResource, id, principal, permission: 'read' });
      throw new AppError('FORBIDDEN', 'You can read this idea but not edit it.');
    }
    const { assumptions: newAssumptions, marketSize, ...fields } = input;
    const numbers: IdeaNumbers = {
      initialInvestment: fields.initialInvestment === undefined ? current.initialInvestment : fields.initialInvestment,
      monthlyRevenue: fields.monthlyRevenue === undefined ? current.monthlyRevenue : fields.monthlyRevenue,
      monthlyExpenses: fields.monthlyExpenses === undefined ? current.monthlyExpenses : fields.monthlyExpenses,
    };
    const assumptions = newAssumptions ?? current.assumptions;
    const textChanged = TEXT_FIELDS.some((k) => fields[k] !== undefined && fields[k] !== current[k]);
    const [row] = await tx
      .update(ideas)
      .set({
        ...fields,
        ...numbers,
        assumptions,
        ...projectionColumns(numbers, assumptions),
        ...(marketSize ? { marketSizeInputs: marketSize } : {}),
        // Scores describe the text they were computed for: a changed text is a draft again.
        ...(textChanged && current.status === 'validated' ? { status: 'draft' as const } : {}),
        ...(textChanged && current.status === 'archived' ? { statusBeforeArchive: 'draft' as const } : {}),
        updatedAt: now,
      })
      .where(eq(ideas.id, current.id))
      .returning();
    return oneDto(tx, row);
  });
}

export async function deleteIdea(options: { db: Database; principal: Principal; id: number }): Promise<void> {
  const { db, principal, id } = options;
  const rows = await db
    .delete(ideas)
    .where(accessibleRow(ideaResource, id, principal, 'delete'))
    .returning({ id: ideas.id });
  if (rows.length === 0) throw notFound(ideaResource.label);
}

export async function archiveIdea(options: {
  db: Database;
  principal: Principal;
  id: number;
  now: Date;
  archived: boolean;
}): Promise<IdeaDto> {
  const { db, principal, id, now, archived } = options;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(ideas)
      .where(accessibleRow(ideaResource, id, principal, 'write'))
      .for('update');
    if (!current) throw notFound(ideaResource.label);
    const isArchived = current.status === 'archived';
    if (archived === isArchived) return oneDto(tx, current);
    const [row] = await tx
      .update(ideas)
      .set(
        archived
          ? { status: 'archived', statusBeforeArchive: current.status as 'draft' | 'validated', updatedAt: now }
          : { status: current.statusBeforeArchive ?? 'draft', statusBeforeArchive: null, updatedAt: now },
      )
      .where(eq(ideas.id, current.id))
      .returning();
    return oneDto(tx, row);
  });
}

export async function updateHypothesis(options: {
  db: Database;
  principal: Principal;
  id: number;
  now: Date;
  input: HypothesisUpdate;
}): Promise<IdeaDto> {
  const { db, principal, id, now, input } = options;
  return db.transaction(async (tx) => {
    const [h] = await tx
      .update(ideaHypotheses)
      .set({
        status: input.status,
        ...(input.result !== undefined ? { result: input.result } : {}),
        recordedAt: input.status === 'untested' ? null : now,
      })
      .where(accessibleRow(ideaHypothesisResource, id, principal, 'write'))
      .returning();
    if (!h) throw notFound(ideaHypothesisResource.label);
    const [row] = await tx.update(ideas).set({ updatedAt: now }).where(eq(ideas.id, h.ideaId)).returning();
    return oneDto(tx, row);
  });
}

const CATEGORY_FROM_SEARCH: Partial<Record<Category, IdeaCategory>> = {
  technology: 'tech',
  healthcare: 'healthcare',
  finance: 'fintech',
  education: 'education',
  ecommerce: 'ecommerce',
  sustainability: 'sustainability',
};

/** The form's starting values from one of the user's search results. */
export async function prefillFromResult(options: {
  db: Database;
  principal: Principal;
  resultId: number;
}): Promise<IdeaPrefill> {
  const { db, principal, resultId } = options;
  const [r] = await db
    .select()
    .from(searchResults)
    .where(accessibleRow(searchResultResource, resultId, principal, 'read'));
  if (!r) throw notFound(searchResultResource.label);
  const clip = (s: string, max: number) => (s.length <= max ? s : s.slice(0, max));
  // The target market is the customer; the occupation doing the job goes in the description (issue 29).
  const { targetMarket, worker } = prefillCustomer(r);
  const doneBy = worker ? ` The work is done today by ${worker.toLowerCase()}.` : '';
  return {
    title: clip(r.title, 200),
    description: clip(`${clip(r.description, 2000 - doneBy.length)}${doneBy}`, 2000),
    targetMarket: clip(targetMarket, 500),
    businessModel: '',
    category: CATEGORY_FROM_SEARCH[r.category as Category] ?? 'other',
    sourceSearchResultId: r.id,
  };
}
