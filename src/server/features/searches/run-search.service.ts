import { gapAnalysisSchema, type GapAnalysis } from '#shared/engine/analysis.schemas.ts';
import { HOUR_MS, MINUTE_MS } from '#shared/app/time.constants.ts';
import { defaultFilters, type SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { SearchResponseData } from '#shared/searches/search.schemas.ts';
import {
  FREE_SEARCHES_PER_MINUTE,
  FREE_UNCOUNTED_ANSWERS_PER_HOUR,
  PAID_SEARCHES_PER_MINUTE,
  SEARCHES_IN_FLIGHT_PER_USER,
} from '#shared/plans/plans.constants.ts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import type { Clock } from '../../lib/platform/clock.ts';
import { assertBelowRateLimit, consumeRateLimit, enforceRateLimit } from '../../lib/http/rate-limit.ts';
import type { EventSource } from '../../lib/domain/analytics-events.ts';
import { usageOf } from '../../lib/domain/usage.ts';
import { persistAnalysis } from './persist-analysis.service.ts';
import type { AnalyzeOptions, SearchEngine } from './search-engine.provider.ts';
import { isQuotaRefused, releaseReservation, reserveSearch, settleCall } from './search-quota.service.ts';

export const UPGRADE_REQUIRED_MESSAGE = "You've used all your free searches this month. Upgrade to continue searching.";
export const SEARCH_DONE_MESSAGE = 'Analysis complete';

export type SearchOutcome = { message: string; data: SearchResponseData };

function upgradeRequired(): SearchOutcome {
  return { message: UPGRADE_REQUIRED_MESSAGE, data: { upgradeRequired: true, search: null } };
}

/** The rule of docs/product/plans.md: only an answer with opportunities uses up a search. */
export function answerUsesSearch(analysis: Pick<GapAnalysis, 'status' | 'opportunities'>): boolean {
  return analysis.status === 'ok' && analysis.opportunities.length > 0;
}

export async function enforceSearchRates(db: Database, user: UserRow, isFree: boolean, now: Date): Promise<void> {
  await enforceRateLimit({
    db,
    key: `search:user:${user.id}`,
    limit: isFree ? FREE_SEARCHES_PER_MINUTE : PAID_SEARCHES_PER_MINUTE,
    windowMs: MINUTE_MS,
    now,
    message: 'You are searching very quickly. Please wait a minute and try again.',
  });
  if (isFree) {
    await assertBelowRateLimit({
      db,
      key: uncountedKey(user.id),
      limit: FREE_UNCOUNTED_ANSWERS_PER_HOUR,
      windowMs: HOUR_MS,
      now,
      message: 'Many of your recent searches found nothing. Please wait a while before searching again.',
    });
  }
}

const uncountedKey = (userId: number) => `search:uncounted:${userId}`;

export function tooManyInFlight(): AppError {
  return new AppError(
    'RATE_LIMITED',
    `You already have ${SEARCHES_IN_FLIGHT_PER_USER} searches running. Wait for one to finish.`,
    undefined,
    { 'retry-after': '5' },
  );
}

/**
 * Runs one search for a user (docs/decisions/011): rate limits, then the quota unit and an
 * in-flight slot reserved in one statement, then the engine outside any transaction, then — in
 * ONE statement — the reservation settled and the search stored with all its results. A failed
 * or cancelled analysis gives the unit back; so does an answer that uses no search.
 */
export async function runSearch(options: {
  db: Database;
  clock: Clock;
  engine: SearchEngine;
  user: UserRow;
  query: string;
  filters?: SearchFilters | undefined;
  hooks: AnalyzeOptions;
  /** Records the `search_run` analytics event with the stored search, in its statement (ADR 059). */
  event?: EventSource | null;
}): Promise<SearchOutcome> {
  const { db, clock, engine, user, hooks } = options;
  const usage = usageOf(user, clock.now());
  const limit = usage.searchesLimit;
  // A cheap early answer; the authoritative check is the conditional count of the reservation.
  if (limit !== null && usage.searchesUsed >= limit) return upgradeRequired();
  await enforceSearchRates(db, user, limit !== null, clock.now());

  const reserved = await reserveSearch(db, { userId: user.id, limit, now: clock.now() });
  if (reserved.kind === 'quota_exhausted') return upgradeRequired();
  if (reserved.kind === 'too_many_in_flight') throw tooManyInFlight();
  const { reservation } = reserved;

  let stored: { searchId: number | null; usesSearch: boolean };
  try {
    const started = performance.now();
    const raw = await engine.analyze({ query: options.query, filters: options.filters ?? defaultFilters() }, hooks);
    hooks.signal?.throwIfAborted();
    const parsed = gapAnalysisSchema.safeParse(raw);
    // The engine's own output, not the caller's input: a server fault (INTERNAL), never a 400.
    if (!parsed.success) throw new AppError('INTERNAL', 'The analysis came back incomplete. Please try again.');
    const analysis = parsed.data;
    const durationMs = performance.now() - started;
    const usesSearch = answerUsesSearch(analysis);
    const now = clock.now();
    const settle = settleCall({ reservation, usesSearch, limit, now }, true);
    // One statement: the reservation settled and the search stored with its results (and its
    // analytics event), or none of them.
    const event = options.event ?? undefined;
    const row = { userId: user.id, analysis, at: now, durationMs, settle, ...(event ? { event } : {}) };
    const searchId = await persistAnalysis(db, row).catch((error: unknown) => {
      if (isQuotaRefused(error)) return null;
      throw error;
    });
    stored = { searchId, usesSearch };
  } catch (error) {
    // If this fails too (the database is gone), the reservation expires and its unit comes back.
    await releaseReservation(db, reservation).catch(() => undefined);
    throw error;
  }
  if (stored.searchId === null) return upgradeRequired();
  if (!stored.usesSearch && limit !== null) {
    await consumeRateLimit({
      db,
      key: uncountedKey(user.id),
      limit: FREE_UNCOUNTED_ANSWERS_PER_HOUR,
      windowMs: HOUR_MS,
      now: clock.now(),
    });
  }
  return { message: SEARCH_DONE_MESSAGE, data: { upgradeRequired: false, search: { id: stored.searchId } } };
}
