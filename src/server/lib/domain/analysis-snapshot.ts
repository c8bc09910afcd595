import { and, asc, desc, eq } from 'drizzle-orm';
import { opportunitySchema, type Opportunity } from '#shared/engine/analysis.schemas.ts';
import { searchAnalysisMetaSchema, type SearchAnalysisMeta } from '#shared/searches/search.schemas.ts';
import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { WatchRunDto } from '#shared/watches/watches.schemas.ts';
import { orderOpportunities } from '#shared/searches/opportunity-order.ts';
import type { Database } from '../../db/client.ts';
import { searchResults, searches, watchRuns, watches } from '../../db/schema/index.ts';

// One stored analysis as the features that pass it on (sharing, exports) read it: the query, when it
// ran, its filters and provenance, and each opportunity as the engine made it. Nothing of the owner
// (no ids, favourite or saved flags), and when it is watched, its latest re-run ("What changed"). Callers check access first: this reads by id. The opportunities
// are in the one order every view lists them in (orderOpportunities).

export type AnalysisSnapshot = {
  searchId: number;
  query: string;
  timestamp: Date;
  filters: SearchFilters;
  analysis: SearchAnalysisMeta;
  opportunities: Opportunity[];
  /** The latest re-run of the analysis's watch; null when it is not watched or has not been re-run yet. */
  whatChanged: WatchRunDto | null;
};

async function latestRerun(db: Database, searchId: number): Promise<WatchRunDto | null> {
  const [run] = await db
    .select({
      id: watchRuns.id,
      kind: watchRuns.kind,
      corpusVersion: watchRuns.corpusVersion,
      ranAt: watchRuns.ranAt,
      changes: watchRuns.changes,
      diff: watchRuns.diff,
    })
    .from(watchRuns)
    .innerJoin(watches, eq(watches.id, watchRuns.watchId))
    .where(and(eq(watches.searchId, searchId), eq(watchRuns.kind, 'rerun')))
    .orderBy(desc(watchRuns.id))
    .limit(1);
  return run ? { ...run, ranAt: run.ranAt.toISOString() } : null;
}

export async function loadAnalysisSnapshot(db: Database, searchId: number): Promise<AnalysisSnapshot | null> {
  const [search] = await db.select().from(searches).where(eq(searches.id, searchId));
  if (!search) return null;
  const rows = await db
    .select()
    .from(searchResults)
    .where(eq(searchResults.searchId, searchId))
    .orderBy(asc(searchResults.rank));
  return {
    searchId,
    query: search.query,
    timestamp: search.timestamp,
    filters: search.filters,
    analysis: searchAnalysisMetaSchema.parse(search),
    opportunities: orderOpportunities(rows, search.filters).map((row) =>
      opportunitySchema.parse({ ...row, composedBy: row.composedBy ?? undefined }),
    ),
    whatChanged: await latestRerun(db, searchId),
  };
}
