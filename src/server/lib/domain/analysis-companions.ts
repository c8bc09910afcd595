import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { actionPlans, ideas, searchResults } from '../../db/schema/index.ts';
import { accessible } from '../access/policy.ts';
import type { Principal } from '../access/principal.ts';
import { actionPlanResource, ideaResource } from '../access/resources.ts';

// Which validated idea and which action plan belong to an analysis, for the features that put them
// together (the pitch deck): the newest validated idea made from one of its opportunities, and the
// newest action plan made from it, both readable by the principal. Ids only: the owning features turn
// them into DTOs (composed in server/features.ts, since features do not import each other).

export type AnalysisCompanionIds = { ideaId: number | null; focusRank: number | null; planId: number | null };

export async function findAnalysisCompanions(
  db: Database,
  principal: Principal,
  searchId: number,
): Promise<AnalysisCompanionIds> {
  const [idea] = await db
    .select({ id: ideas.id, rank: searchResults.rank })
    .from(ideas)
    .innerJoin(searchResults, eq(searchResults.id, ideas.sourceSearchResultId))
    .where(
      and(
        eq(searchResults.searchId, searchId),
        eq(ideas.status, 'validated'),
        accessible(ideaResource, principal, 'read'),
      ),
    )
    .orderBy(desc(ideas.updatedAt), desc(ideas.id))
    .limit(1);
  const [plan] = await db
    .select({ id: actionPlans.id })
    .from(actionPlans)
    .where(and(eq(actionPlans.searchId, searchId), accessible(actionPlanResource, principal, 'read')))
    .orderBy(desc(actionPlans.updatedAt), desc(actionPlans.id))
    .limit(1);
  return { ideaId: idea?.id ?? null, focusRank: idea?.rank ?? null, planId: plan?.id ?? null };
}
