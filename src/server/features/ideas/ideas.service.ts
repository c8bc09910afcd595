import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { GapAnalysis } from '#shared/engine/analysis.schemas.ts';
import {
  IDEA_VALIDATIONS_PER_MINUTE,
  type HypothesisUpdate,
  type IdeaCategory,
  type IdeaCreate,
  type IdeaDto,
  type IdeaPage,
  type IdeaPrefill,
  type IdeaStatus,
  type IdeaUpdate,
} from '#shared/ideas/ideas.schemas.ts';
import { assumption, computeMarketSize, type MarketSizeInputs } from '#shared/ideas/market-size.ts';
import { DEFAULT_ASSUMPTIONS, project, type ProjectionAssumptions } from '#shared/ideas/projections.ts';
import type { ListQuery } from '#shared/api/list.schemas.ts';
import { MINUTE_MS } from '#shared/app/time.constants.ts';
import { defaultFilters, type Category } from '#shared/searches/filters.schemas.ts';
import { SOURCE_ATTRIBUTION } from '#shared/engine/analysis.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import { ideaHypotheses, ideas, searchResults, type IdeaHypothesisRow, type IdeaRow } from '../../db/schema/index.ts';
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
import { enforceRateLimit } from '../../lib/http/rate-limit.ts';
import type { IdeaEngine } from './idea-engine.ts';
import { draftHypotheses } from './hypotheses.ts';
import type { IdeaNumbers } from './idea-credibility.ts';
import { bestMatch, primaryOccupation, scoreIdea } from './idea-scores.ts';

// Ideas (docs/product/ideas.md). Status: draft → validated (a validation succeeded for the current
// text) → archived (set aside; unarchiving returns it to the status it had). Editing the text of a
// validated idea returns it to draft: its scores describe the earlier text (isStale).

const TEXT_FIELDS = ['title', 'description', 'targetMarket', 'businessModel', 'category'] as const;

function numbersOf(row: Pick<IdeaRow, 'initialInvestment' | 'monthlyRevenue' | 'monthlyExpenses'>): IdeaNumbers {
  return {
    initialInvestment: row.initialInvestment,
    monthlyRevenue: row.monthlyRevenue,
    monthlyExpenses: row.monthlyExpenses,
  };
}

/** The projection columns, recomputed from the numbers and assumptions whenever either changes. */
function projectionColumns(numbers: IdeaNumbers, assumptions: ProjectionAssumptions) {
  const projections = project(numbers, assumptions);
  const base = projections?.scenarios.find((s) => s.key === 'base');
  return {
    financialProjections: projections,
    breakEvenMonths: base?.breakEven.kind === 'month' ? base.breakEven.month : null,
    projectedRoi: base?.roi.find((r) => r.month === 36)?.percent ?? null,
  };
}

function toDto(row: IdeaRow, hypotheses: IdeaHypothesisRow[]): IdeaDto {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    targetMarket: row.targetMarket,
    businessModel: row.businessModel,
    category: row.category,
    status: row.status,
    isStale: row.status === 'draft' && row.validation !== null,
    originalityScore: row.originalityScore,
    credibilityScore: row.credibilityScore,
    marketGapScore: row.marketGapScore,
    competitionScore: row.competitionScore,
    overallScore: row.overallScore,
    initialInvestment: row.initialInvestment,
    monthlyRevenue: row.monthlyRevenue,
    monthlyExpenses: row.monthlyExpenses,
    breakEvenMonths: row.breakEvenMonths,
    projectedRoi: row.projectedRoi,
    assumptions: row.assumptions,
    financialProjections: row.financialProjections,
    marketSizeInputs: row.marketSizeInputs,
    marketSize: row.marketSizeInputs ? computeMarketSize(row.marketSizeInputs) : null,
    validation: row.validation,
    hypotheses: hypotheses
      .filter((h) => h.ideaId === row.id)
      .map((h) => ({
        id: h.id,
        key: h.key,
        rank: h.rank,
        basedOn: h.basedOn,
        evidenceIds: h.evidenceIds,
        statement: h.statement,
        killCriterion: h.killCriterion,
        interviewScript: h.interviewScript,
        status: h.status,
        result: h.result,
        recordedAt: h.recordedAt?.toISOString() ?? null,
      })),
    sourceSearchResultId: row.sourceSearchResultId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withHypotheses(db: Database | Tx, rows: IdeaRow[]): Promise<IdeaDto[]> {
  const ids = rows.map((r) => r.id);
  const hypotheses = ids.length
    ? await db
        .select()
        .from(ideaHypotheses)
        .where(inArray(ideaHypotheses.ideaId, ids))
        .orderBy(asc(ideaHypotheses.rank), asc(ideaHypotheses.id))
    : [];
  return rows.map((r) => toDto(r, hypotheses));
}

async function oneDto(db: Database | Tx, row: IdeaRow | undefined): Promise<IdeaDto> {
  if (!row) throw notFound(ideaResource.label);
  const [dto] = await withHypotheses(db, [row]);
  return dto!;
}

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

/** The engine's question for an idea: its title first (it names offering and customer, like a search), then its target market. */
export function validationQueries(idea: Pick<IdeaRow, 'title' | 'targetMarket'>): string[] {
  const queries = [idea.title.trim(), idea.targetMarket.trim().slice(0, 200)];
  return [...new Set(queries.filter((q) => q.length > 0))];
}

async function analyseMarket(engine: IdeaEngine, idea: IdeaRow, signal?: AbortSignal): Promise<GapAnalysis> {
  let first: GapAnalysis | null = null;
  for (const query of validationQueries(idea)) {
    const analysis = await engine.analyze({ query, filters: defaultFilters() }, signal ? { signal } : {});
    if (analysis.status === 'ok' && analysis.opportunities.length > 0) return analysis;
    first ??= analysis;
  }
  return first!;
}

/** Cited inputs follow the evidence; the user's own assumptions are kept as they are. */
function marketInputs(current: MarketSizeInputs | null, analysis: GapAnalysis): MarketSizeInputs {
  const best = bestMatch(analysis);
  const occupation = best ? primaryOccupation(best) : null;
  const kept = (key: keyof MarketSizeInputs) => {
    const input = current?.[key];
    return input && input.source === 'assumption' ? input : null;
  };
  const customers =
    kept('customers') && kept('customers')!.value !== null
      ? kept('customers')!
      : occupation
        ? {
            value: occupation.employment,
            source: 'evidence' as const,
            evidenceId: occupation.employmentId,
            citation: `${occupation.note} (${occupation.role === 'customer' ? 'the customers' : 'the people whose work this does'}). ${SOURCE_ATTRIBUTION[occupation.source].attribution}`,
          }
        : assumption(null);
  return {
    customers,
    pricePerMonth: kept('pricePerMonth') ?? assumption(null),
    serviceableSharePercent: kept('serviceableSharePercent') ?? assumption(null),
    adoptionPercent: kept('adoptionPercent') ?? assumption(null),
  };
}

/**
 * Scores the idea against the engine's evidence for its market and stores scores, market-size
 * inputs and hypotheses in ONE transaction: a validation that fails or is interrupted anywhere leaves
 * the idea as it was. Same corpus and inputs → same scores (re-validating is idempotent).
 */
export async function validateIdea(options: {
  db: Database;
  engine: IdeaEngine;
  principal: Principal;
  id: number;
  now: Date;
  signal?: AbortSignal;
  /** Test seam: runs inside the transaction just before it commits. */
  beforeCommit?: (tx: Tx) => Promise<void>;
}): Promise<IdeaDto> {
  const { db, engine, principal, id, now, signal, beforeCommit } = options;
  const [idea] = await db
    .select()
    .from(ideas)
    .where(accessibleRow(ideaResource, id, principal, 'write'));
  if (!idea) throw notFound(ideaResource.label);
  if (idea.status === 'archived') throw new AppError('CONFLICT', 'Unarchive the idea to validate it.');
  await enforceRateLimit({
    db,
    key: `idea-validation:user:${idea.userId}`,
    limit: IDEA_VALIDATIONS_PER_MINUTE,
    windowMs: MINUTE_MS,
    now,
    message: 'You are validating very quickly. Please wait a minute and try again.',
  });
  const analysis = await analyseMarket(engine, idea, signal);
  const market = marketInputs(idea.marketSizeInputs, analysis);
  const validation = scoreIdea({ analysis, numbers: numbersOf(idea), market, validatedAt: now });
  const hypotheses = draftHypotheses({ analysis, validation, idea });
  const score = (key: string) => validation.scores.find((s) => s.key === key)?.score ?? null;
  return db.transaction(async (tx) => {
    // The idea must still be the one that was scored: an edit in between would pair scores with another text.
    const [row] = await tx
      .update(ideas)
      .set({
        originalityScore: score('originality'),
        credibilityScore: score('credibility'),
        marketGapScore: score('marketGap'),
        competitionScore: score('competition'),
        overallScore: score('overall'),
        validation,
        marketSizeInputs: market,
        status: 'validated',
        updatedAt: now,
      })
      .where(and(eq(ideas.id, idea.id), eq(ideas.updatedAt, idea.updatedAt)))
      .returning();
    if (!row) throw new AppError('CONFLICT', 'The idea changed while it was being validated. Validate it again.');
    for (const h of hypotheses) {
      await tx
        .insert(ideaHypotheses)
        .values({ ideaId: row.id, ...h })
        .onConflictDoUpdate({
          target: [ideaHypotheses.ideaId, ideaHypotheses.key],
          set: {
            rank: h.rank,
            basedOn: h.basedOn,
            evidenceIds: h.evidenceIds,
            killCriterion: h.killCriterion,
            interviewScript: h.interviewScript,
          },
        });
    }
    // Hypotheses no longer drawn go, unless the founder has recorded a result for them.
    await tx.delete(ideaHypotheses).where(
      and(
        eq(ideaHypotheses.ideaId, row.id),
        eq(ideaHypotheses.status, 'untested'),
        hypotheses.length
          ? notInArray(
              ideaHypotheses.key,
              hypotheses.map((h) => h.key),
            )
          : undefined,
      ),
    );
    await beforeCommit?.(tx);
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
  return {
    title: clip(r.title, 200),
    description: clip(r.description, 2000),
    targetMarket: clip(r.targetAudience, 500),
    businessModel: '',
    category: CATEGORY_FROM_SEARCH[r.category as Category] ?? 'other',
    sourceSearchResultId: r.id,
  };
}
