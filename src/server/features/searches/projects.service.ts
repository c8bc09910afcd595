import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { ProjectDto } from '#shared/searches/search.schemas.ts';
import type { Database } from '../../db/client.ts';
import { projectAnalyses, projects, searches, type ProjectRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { ownSearch } from './searches.service.ts';

// Projects group a user's analyses (spec §3 `projects`, `project_analyses`).

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

async function ownProject(db: Database, userId: number, id: number): Promise<ProjectRow> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.userId, userId)));
  if (!row) throw notFound('The project');
  return row;
}

export async function listProjects(db: Database, userId: number): Promise<ProjectDto[]> {
  const rows = await db
    .select()
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(desc(projects.updatedAt), desc(projects.id));
  return withAnalyses(db, rows);
}

export async function createProject(options: {
  db: Database;
  userId: number;
  now: Date;
  input: { name: string; description?: string | undefined; tags: string[] };
}): Promise<ProjectDto> {
  const { db, userId, now, input } = options;
  const [row] = await db
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
  if (!row) throw new Error('insert returned no row');
  const [dto] = await withAnalyses(db, [row]);
  if (!dto) throw new Error('project vanished');
  return dto;
}

export async function updateProject(options: {
  db: Database;
  userId: number;
  id: number;
  now: Date;
  input: {
    name?: string | undefined;
    description?: string | null | undefined;
    tags?: string[] | undefined;
    archived?: boolean | undefined;
  };
}): Promise<ProjectDto> {
  const { db, userId, id, now, input } = options;
  await ownProject(db, userId, id);
  const [row] = await db
    .update(projects)
    .set({ ...input, updatedAt: now })
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
    .returning();
  if (!row) throw notFound('The project');
  const [dto] = await withAnalyses(db, [row]);
  if (!dto) throw notFound('The project');
  return dto;
}

export async function deleteProject(db: Database, userId: number, id: number): Promise<void> {
  const rows = await db
    .delete(projects)
    .where(and(eq(projects.id, id), eq(projects.userId, userId)))
    .returning({ id: projects.id });
  if (rows.length === 0) throw notFound('The project');
}

/** Links one of the user's analyses to one of the user's projects (idempotent: a unique pair). */
export async function addAnalysis(db: Database, userId: number, projectId: number, searchId: number): Promise<void> {
  await ownProject(db, userId, projectId);
  await ownSearch(db, userId, searchId);
  await db.insert(projectAnalyses).values({ projectId, searchId }).onConflictDoNothing();
}

export async function removeAnalysis(db: Database, userId: number, projectId: number, searchId: number): Promise<void> {
  await ownProject(db, userId, projectId);
  await db
    .delete(projectAnalyses)
    .where(and(eq(projectAnalyses.projectId, projectId), eq(projectAnalyses.searchId, searchId)));
}
