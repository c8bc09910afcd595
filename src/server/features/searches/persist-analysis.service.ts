import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { GapAnalysis, Opportunity } from '#shared/engine/analysis.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { searchResults, searches } from '../../db/schema/index.ts';
import { eventInsert, type EventSource } from '../../lib/domain/analytics-events.ts';
import { AppError } from '../../lib/platform/app-error.ts';

// Stores an analysis and its results in ONE statement (docs/decisions/048): the search row, then
// every result row read from one jsonb parameter by jsonb_populate_recordset against the table's own
// row type, so each value takes its column's type exactly as a bound parameter would. On PGlite every
// statement is a few protocol round trips through WebAssembly (on PGlite's own thread since
// docs/decisions/065, before that on the request thread), and on
// PostgreSQL a round trip, and building Drizzle's multi-row VALUES (27 parameters a result, each
// jsonb stringified apart) cost more request-thread time than the database's work.

/** The result columns an opportunity fills: every column but the ones this statement sets itself. */
const OPPORTUNITY_COLUMNS = Object.entries(getTableColumns(searchResults))
  .filter(([key]) => !['id', 'searchId', 'isSaved', 'savedAt'].includes(key))
  .map(([key]) => ({ key: key as keyof Opportunity, name: toSnakeCase(key) }));

const insertColumns = sql.raw(OPPORTUNITY_COLUMNS.map((c) => c.name).join(', '));
const selectColumns = sql.raw(OPPORTUNITY_COLUMNS.map((c) => `r.${c.name}`).join(', '));

/** An opportunity as a search_results row in JSON: snake_case keys, absent optional fields null. */
function resultRowsJson(opportunities: Opportunity[]): string {
  return JSON.stringify(
    opportunities.map((o) => Object.fromEntries(OPPORTUNITY_COLUMNS.map((c) => [c.name, o[c.key] ?? null]))),
  );
}

/** The searches row of an analysis. */
export function searchRowOf(options: { userId: number; analysis: GapAnalysis; at: Date; durationMs: number }) {
  const { analysis } = options;
  return {
    userId: options.userId,
    query: analysis.query,
    timestamp: options.at,
    resultsCount: analysis.opportunities.length,
    filters: analysis.filters,
    status: analysis.status,
    reason: analysis.reason,
    engine: analysis.engine,
    composerMode: analysis.composer.mode,
    composerModel: analysis.composer.model,
    composerError: analysis.composer.error,
    tokensUsed: analysis.composer.tokensUsed,
    corpusVersion: analysis.corpus.version,
    corpusKind: analysis.corpus.kind,
    corpusSources: analysis.corpus.sources,
    rubricVersion: analysis.rubricVersion,
    semanticRetrieval: analysis.retrieval.semantic,
    retrievalNote: analysis.retrieval.note,
    facets: analysis.facets,
    warnings: analysis.warnings,
    durationMs: Math.round(options.durationMs),
  };
}

/**
 * Stores the analysis; with `settle` (search-quota.service.ts settleCall, raising) the reservation is
 * settled by the same statement, so settling and storing are one transaction and one round trip
 * (docs/decisions/051). A settle that refuses raises: the statement fails and nothing is stored.
 * With `event`, the `search_run` analytics event of the stored search is written by the same
 * statement too (the user's opt-out read there, as analytics-events.ts does): one statement fewer a
 * search, and no stored search without its event or event without its search (docs/decisions/059).
 */
export async function persistAnalysis(
  db: Database | Tx,
  options: {
    userId: number;
    analysis: GapAnalysis;
    at: Date;
    durationMs: number;
    settle?: SQL;
    event?: EventSource;
  },
): Promise<number> {
  const { analysis } = options;
  const search = db.insert(searches).values(searchRowOf(options)).returning({ id: searches.id });
  const event = options.event
    ? sql`, event as (${eventInsert(db, {
        ...options.event,
        userId: options.userId,
        type: 'search_run',
        metadata: sql`jsonb_build_object('searchId', (select id from search))`,
        now: options.at,
      }).getSQL()})`
    : sql``;
  // A data-modifying WITH runs once whether or not the outer query reads it; with no opportunity
  // the recordset is empty and no result row is inserted. The settle call is joined to the outer
  // query's one row, so it runs too.
  const settled = sql`(select ${options.settle ?? sql`true`} as ok) as settled`;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      with search as (${search.getSQL()}),
      results as (
        insert into ${searchResults} (search_id, is_saved, ${insertColumns})
        select search.id, false, ${selectColumns}
        from search, jsonb_populate_recordset(null::${searchResults}, ${resultRowsJson(analysis.opportunities)}::jsonb) as r
        returning 1
      )${event}
      select search.id from search, ${settled}`),
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new AppError('INTERNAL', 'The search could not be saved.');
  return Number(id);
}
