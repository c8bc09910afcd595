import { gapAnalysisSchema, type GapAnalysis } from '#shared/engine/analysis.schemas.ts';
import { MINUTE_MS } from '#shared/app/time.constants.ts';
import { defaultFilters, type SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { SearchResponseData } from '#shared/searches/search.schemas.ts';
import { PAID_SEARCHES_PER_MINUTE } from '#shared/plans/plans.constants.ts';
import type { Database, Tx } from '../../db/client.ts';
import { searchResults, searches, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { usageOf } from '../../lib/usage.ts';
import type { AnalyzeOptions, SearchEngine } from './search-engine.ts';
import { countSearch } from './search-quota.service.ts';

export const UPGRADE_REQUIRED_MESSAGE = "You've used all your free searches this month. Upgrade to continue searching.";
export const SEARCH_DONE_MESSAGE = 'Analysis complete';

export type SearchOutcome = { message: string; data: SearchResponseData };

function upgradeRequired(): SearchOutcome {
  return { message: UPGRADE_REQUIRED_MESSAGE, data: { upgradeRequired: true, search: null } };
}

async function persistAnalysis(
  tx: Tx,
  options: { userId: number; analysis: GapAnalysis; at: Date; durationMs: number },
): Promise<number> {
  const { analysis, at } = options;
  const [search] = await tx
    .insert(searches)
    .values({
      userId: options.userId,
      query: analysis.query,
      timestamp: at,
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
    })
    .returning({ id: searches.id });
  if (!search) throw new AppError('INTERNAL', 'The search could not be saved.');
  if (analysis.opportunities.length > 0) {
    await tx
      .insert(searchResults)
      .values(analysis.opportunities.map((o) => ({ ...o, searchId: search.id, isSaved: false })));
  }
  return search.id;
}

/**
 * Runs one search for a user: rate limit (paid) or quota pre-check (free), the engine outside any
 * transaction, then — in ONE transaction — the conditional quota count and the search with all its
 * results. A failed or cancelled analysis throws before the transaction, so it counts nothing.
 */
export async function runSearch(options: {
  db: Database;
  clock: Clock;
  engine: SearchEngine;
  user: UserRow;
  query: string;
  filters?: SearchFilters | undefined;
  hooks: AnalyzeOptions;
}): Promise<SearchOutcome> {
  const { db, clock, engine, user, hooks } = options;
  const usage = usageOf(user, clock.now());
  if (usage.searchesLimit === null) {
    await enforceRateLimit({
      db,
      key: `search:user:${user.id}`,
      limit: PAID_SEARCHES_PER_MINUTE,
      windowMs: MINUTE_MS,
      now: clock.now(),
      message: 'You are searching very quickly. Please wait a minute and try again.',
    });
  } else if (usage.searchesUsed >= usage.searchesLimit) {
    // A cheap early answer; the authoritative check is the conditional count below.
    return upgradeRequired();
  }

  const started = performance.now();
  const raw = await engine.analyze({ query: options.query, filters: options.filters ?? defaultFilters() }, hooks);
  hooks.signal?.throwIfAborted();
  const analysis = gapAnalysisSchema.parse(raw);
  const durationMs = performance.now() - started;

  const searchId = await db.transaction(async (tx) => {
    const now = clock.now();
    const counted = await countSearch(tx, { userId: user.id, limit: usage.searchesLimit, now });
    if (!counted) return null;
    return persistAnalysis(tx, { userId: user.id, analysis, at: now, durationMs });
  });
  if (searchId === null) return upgradeRequired();
  return { message: SEARCH_DONE_MESSAGE, data: { upgradeRequired: false, search: { id: searchId } } };
}
