import { eq } from 'drizzle-orm';
import { PLAN_PHASE_NAMES } from '#shared/action-plans/action-plans.constants.ts';
import type { ResourcePhase, ResourceSummary } from '#shared/resources/resources.schemas.ts';
import type { Database } from '../../db/client.ts';
import { planPhases, planTasks, searches } from '../../db/schema/index.ts';
import { assertCanAccess, type ResourcePolicy } from '../../lib/access/policy.ts';
import { userPrincipal } from '../../lib/access/principal.ts';
import { planTaskResource, searchResource } from '../../lib/access/resources.ts';
import { queryWords } from '../../lib/platform/text-search.ts';
import { searchResourceRows, type ResourceHit } from './resource-search.service.ts';
import { summaries, type Viewer } from './resource-summary.service.ts';

// "Helpful resources": library entries whose phase and words fit an analysis or an action-plan task,
// best ranked first (any of the words may match), topped up from a fallback list when few match.

/** Phases an analysis is useful for: it answers "is there a gap?", so research and validation. */
const ANALYSIS_PHASES: ResourcePhase[] = ['research', 'validation'];

async function recommend(options: {
  db: Database;
  viewer: Viewer;
  /**
   * Searches tried in order (any of a text's words may match, within its phases if any); each tops up
   * what the earlier found.
   */
  searches: { text: string | undefined; phases?: ResourcePhase[] | undefined }[];
  fallback: { category?: string; phases?: ResourcePhase[] };
  limit: number;
}): Promise<ResourceSummary[]> {
  const { db, viewer, limit } = options;
  const base = { page: 1, pageSize: limit, sort: 'relevance' as const };
  const hits: ResourceHit[] = [];
  const add = (more: ResourceHit[]) => {
    for (const s of more) {
      if (hits.length >= limit) break;
      if (!hits.some((h) => h.row.id === s.row.id)) hits.push(s);
    }
  };
  for (const { text, phases } of options.searches) {
    const words = queryWords(text);
    if (hits.length >= limit || words.length === 0) continue;
    add(
      (
        await searchResourceRows({
          db,
          userId: viewer.user.id,
          query: { ...base, q: words.join(' ') },
          ...(phases ? { phases } : {}),
          mode: 'any',
          limit,
          offset: 0,
        })
      ).hits,
    );
  }
  if (hits.length < limit) {
    add(
      (
        await searchResourceRows({
          db,
          userId: viewer.user.id,
          query: { ...base, ...(options.fallback.category ? { category: options.fallback.category } : {}) },
          ...(options.fallback.phases ? { phases: options.fallback.phases } : {}),
          limit: limit * 2,
          offset: 0,
        })
      ).hits,
    );
  }
  return summaries(db, viewer, hits);
}

function assertReadable(db: Database, viewer: Viewer, resource: ResourcePolicy, id: number): Promise<void> {
  return assertCanAccess({ db, resource, id, principal: userPrincipal(viewer.user.id), permission: 'read' });
}

/**
 * For an analysis: resources in the analysis's phases whose words match any word of its query; if
 * fewer match, the public data sources the analysis itself draws on.
 */
export async function recommendForSearch(options: {
  db: Database;
  viewer: Viewer;
  searchId: number;
  limit: number;
}): Promise<ResourceSummary[]> {
  const { db, viewer, searchId, limit } = options;
  await assertReadable(db, viewer, searchResource, searchId);
  const [search] = await db.select({ query: searches.query }).from(searches).where(eq(searches.id, searchId));
  return recommend({
    db,
    viewer,
    searches: [{ text: search?.query, phases: ANALYSIS_PHASES }],
    fallback: { category: 'public-data' },
    limit,
  });
}

/** A plan phase's name as a library phase ("Validation" → validation); a renamed or custom phase has none. */
function phaseOf(name: string): ResourcePhase | null {
  const index = PLAN_PHASE_NAMES.findIndex((p) => p.toLowerCase() === name.trim().toLowerCase());
  return index >= 0 ? (PLAN_PHASE_NAMES[index]!.toLowerCase() as ResourcePhase) : null;
}

/**
 * For an action-plan task: resources of the task's phase about what it asks to do, then those matching
 * any word of its title; if fewer match, the best-ranked of that phase. Another user's task is a 404.
 */
export async function recommendForTask(options: {
  db: Database;
  viewer: Viewer;
  taskId: number;
  limit: number;
}): Promise<ResourceSummary[]> {
  const { db, viewer, taskId, limit } = options;
  await assertReadable(db, viewer, planTaskResource, taskId);
  const [task] = await db
    .select({ title: planTasks.title, phase: planPhases.name })
    .from(planTasks)
    .innerJoin(planPhases, eq(planPhases.id, planTasks.phaseId))
    .where(eq(planTasks.id, taskId));
  const phase = task ? phaseOf(task.phase) : null;
  const phases = phase ? [phase] : undefined;
  // The task's first word is what it asks to do ("Interview", "Study", "Size", "Test"): resources of
  // the task's phase about that come first, then those matching any word of its title, then the
  // phase's best.
  const action = task?.title.trim().split(/\s+/)[0];
  return recommend({
    db,
    viewer,
    searches: [
      { text: action, phases },
      { text: task?.title, phases },
    ],
    fallback: { ...(phases ? { phases } : {}) },
    limit,
  });
}
