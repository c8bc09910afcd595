import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { ListQuery } from '#shared/api/list.schemas.ts';
import { MAX_PROJECTS_PER_USER, type ProjectDto, type ProjectPage } from '#shared/projects/projects.schemas.ts';
import type { Database } from '../../db/client.ts';
import { projectAnalyses, projects, searches, users, type ProjectRow } from '../../db/schema/index.ts';
import { accessible, accessibleRow, assertCanAccess } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { projectResource, searchResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { paginate, type KeysetColumn } from '../../lib/http/paginate.ts';

// Projects group a user's analyses (docs/product/screens.md).

async function withAnalyses(db: Database, rows: ProjectRow[]): Promise<ProjectDto[]> {
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await db
        .select({
          projectId: projectAnalyses.projectId,
          id: searches.id,
          query: searches.query,
          timestamp: searches.timestamp,
        })
        .from(projectAnalyses)
        .innerJoin(searches, eq(searches.id, projectAnalyses.searchId))
        .where(inArray(projectAnalyses.projectId, ids))
        .orderBy(asc(projectAnalyses.addedAt))
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    tags: r.tags,
    archived: r.archived,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    analyses: links
      .filter((l) => l.projectId === r.id)
      .map((l) => ({ id: l.id, query: l.query, timestamp: l.timestamp.toISOString() })),
  }));
}

async function oneDto(db: Database, row: ProjectRow | undefined): Promise<ProjectDto> {
  const [dto] = row ? await withAnalyses(db, [row]) : [];
  if (!dto) throw notFound(projectResource.label);
  return dto;
}

const recentlyChangedFirst: KeysetColumn<ProjectRow>[] = [
  { column: projects.updatedAt, direction: 'desc', value: (r) => r.updatedAt },
  { column: projects.id, direction: 'desc', value: (r) => r.id },
];

export async function listProjects(options: {
  db: Database;
  principal: Principal;
  query: ListQuery;
}): Promise<ProjectPage> {
  const { db, principal, query } = options;
  const page = await paginate({
    query,
    keyset: recentlyChangedFirst,
    fetch: ({ limit, offset, after }) =>
      db
        .select()
        .from(projects)
        .where(and(accessible(projectResource, principal, 'read'), after))
        .orderBy(desc(projects.updatedAt), desc(projects.id))
        .limit(limit)
        .offset(offset),
  });
  return { ...page, items: await withAnalyses(db, page.items) };
}

export async function createProject(options: {
  db: Database;
  userId: number;
  now: Date;
  input: { name: string; description?: string | undefined; tags: string[] };
}): Promise<ProjectDto> {
  const { db, userId, now, input } = options;
  const row = await db.transaction(async (tx) => {
    // The user's row is the lock: concurrent creates count one after another, so the cap is exact.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [held] = await tx.select({ n: count() }).from(projects).where(eq(projects.userId, userId));
    if (Number(held?.n ?? 0) >= MAX_PROJECTS_PER_USER) {
      throw new AppError(
        'CONFLICT',
        `You can have at most ${String(MAX_PROJECTS_PER_USER)} projects. Delete one you no longer need to create another.`,
      );
    }
    const [inserted] = await tx
      .insert(projects)
      .values({
        userId,
        name: input.name,
        description: input.description ?? null,
        tags: input.tags,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted;
  });
  return oneDto(db, row);
}

export async function updateProject(options: {
  db: Database;
  principal: Principal;
  id: number;
  now: Date;
  input: {
    name?: string | undefined;
    description?: string | null | undefined;
    tags?: string[] | undefined;
    archived?: boolean | undefined;
  };
}): Promise<ProjectDto> {
  const { db, principal, id, now, input } = options;
  const [row] = await db
    .update(projects)
    .set({ ...input, updatedAt: now })
    .where(accessibleRow(projectResource, id, principal, 'write'))
    .returning();
  return oneDto(db, row);
}

export async function deleteProject(options: { db: Database; principal: Principal; id: number }): Promise<void> {
  const { db, principal, id } = options;
  const rows = await db
    .delete(projects)
    .where(accessibleRow(projectResource, id, principal, 'delete'))
    .returning({ id: projects.id });
  if (rows.length === 0) throw notFound(projectResource.label);
}

/** Links one of the principal's analyses to one of its projects (idempotent: a unique pair). */
export async function addAnalysis(options: {
  db: Database;
  principal: Principal;
  projectId: number;
  searchId: number;
}): Promise<void> {
  const { db, principal, projectId, searchId } = options;
  await assertCanAccess({ db, resource: projectResource, id: projectId, principal, permission: 'write' });
  await assertCanAccess({ db, resource: searchResource, id: searchId, principal, permission: 'read' });
  await db.insert(projectAnalyses).values({ projectId, searchId }).onConflictDoNothing();
}

export async function removeAnalysis(options: {
  db: Database;
  principal: Principal;
  projectId: number;
  searchId: number;
}): Promise<void> {
  const { db, principal, projectId, searchId } = options;
  await assertCanAccess({ db, resource: projectResource, id: projectId, principal, permission: 'write' });
  await db
    .delete(projectAnalyses)
    .where(and(eq(projectAnalyses.projectId, projectId), eq(projectAnalyses.searchId, searchId)));
}
