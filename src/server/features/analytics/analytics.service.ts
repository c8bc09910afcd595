import { and, asc, count, desc, eq, gte, inArray, lt, min, sql } from 'drizzle-orm';
import { ANALYTICS_RETENTION_MONTHS } from '#shared/analytics/analytics.constants.ts';
import {
  DASHBOARD_MONTHS,
  SCORE_BUCKET_SIZE,
  TOP_MARKETS,
  type AnalyticsDashboardDto,
  type AnalyticsEventsSummaryDto,
  type ComparisonDto,
  type DriftDto,
} from '#shared/analytics/analytics.schemas.ts';
import type { Database } from '../../db/client.ts';
import { analyticsEvents, searchResults, searches, type UserRow } from '../../db/schema/index.ts';
import { accessible } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { searchResource } from '../../lib/access/resources.ts';
import { notFound } from '../../lib/platform/app-error.ts';
import { hasPlan } from '../../lib/http/plan-guard.ts';

// The user's own analytics, counted from their stored searches and results (so they hold with
// analytics events switched off), and their product analytics events: count, delete, purge.

const num = (v: unknown) => Number(v ?? 0);

function monthKey(d: Date): string {
  return d.toISOString().slice(0, 7);
}

/** The first instant of the month `back` calendar months before `now` (UTC). */
export function monthsBefore(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

export async function dashboard(options: { db: Database; user: UserRow; now: Date }): Promise<AnalyticsDashboardDto> {
  const { db, user, now } = options;
  const mine = eq(searches.userId, user.id);
  const since = monthsBefore(now, DASHBOARD_MONTHS - 1);

  const [totalsRow] = await db
    .select({
      searches: sql<number>`count(distinct ${searches.id})`.mapWith(Number),
      opportunities: count(searchResults.id),
      saved: sql<number>`count(${searchResults.id}) filter (where ${searchResults.isSaved})`.mapWith(Number),
    })
    .from(searches)
    .leftJoin(searchResults, eq(searchResults.searchId, searches.id))
    .where(mine);

  const month = sql<string>`to_char(date_trunc('month', ${searches.timestamp} at time zone 'UTC'), 'YYYY-MM')`;
  const monthRows = await db
    .select({ month, searches: count() })
    .from(searches)
    .where(and(mine, gte(searches.timestamp, since)))
    .groupBy(month);
  const byMonth = new Map(monthRows.map((r) => [r.month, num(r.searches)]));
  const searchesByMonth = Array.from({ length: DASHBOARD_MONTHS }, (_, i) => {
    const key = monthKey(monthsBefore(now, DASHBOARD_MONTHS - 1 - i));
    return { month: key, searches: byMonth.get(key) ?? 0 };
  });

  const categoryRows = await db
    .select({
      category: searchResults.category,
      found: count(),
      saved: sql<number>`count(*) filter (where ${searchResults.isSaved})`.mapWith(Number),
    })
    .from(searchResults)
    .innerJoin(searches, eq(searches.id, searchResults.searchId))
    .where(mine)
    .groupBy(searchResults.category)
    .orderBy(desc(count()), asc(searchResults.category));

  // The queries as the user typed them, newest first: the first of each group is its latest search.
  const queryRows = await db
    .select({ searchId: searches.id, query: searches.query })
    .from(searches)
    .where(mine)
    .orderBy(desc(searches.timestamp), desc(searches.id))
    .limit(1000);
  const markets = new Map<string, { query: string; searches: number; searchId: number }>();
  for (const { searchId, query } of queryRows) {
    const key = query.trim().replace(/\s+/g, ' ').toLowerCase();
    const seen = markets.get(key);
    if (seen) seen.searches++;
    else markets.set(key, { query: query.trim().replace(/\s+/g, ' '), searches: 1, searchId });
  }

  const favourites = await db
    .select({ searchId: searches.id, query: searches.query })
    .from(searches)
    .where(and(mine, eq(searches.isFavorite, true)))
    .orderBy(desc(searches.timestamp))
    .limit(TOP_MARKETS);

  const bucket = sql<number>`least(floor(${searchResults.opportunityScore} / ${sql.raw(String(SCORE_BUCKET_SIZE))}), ${sql.raw(String(100 / SCORE_BUCKET_SIZE - 1))})`;
  const bucketRows = await db
    .select({ bucket, count: count() })
    .from(searchResults)
    .innerJoin(searches, eq(searches.id, searchResults.searchId))
    .where(mine)
    .groupBy(bucket);
  const byBucket = new Map(bucketRows.map((r) => [num(r.bucket), num(r.count)]));

  return {
    totals: {
      searches: num(totalsRow?.searches),
      opportunities: num(totalsRow?.opportunities),
      saved: num(totalsRow?.saved),
    },
    searchesByMonth,
    categories: categoryRows.map((r) => ({ category: r.category, found: num(r.found), saved: num(r.saved) })),
    // Most searched first; a tie keeps the most recent first (the map's order).
    markets: [...markets.values()].sort((a, b) => b.searches - a.searches).slice(0, TOP_MARKETS),
    favourites,
    scoreDistribution: Array.from({ length: 100 / SCORE_BUCKET_SIZE }, (_, i) => ({
      from: i * SCORE_BUCKET_SIZE,
      to: i === 100 / SCORE_BUCKET_SIZE - 1 ? 100 : (i + 1) * SCORE_BUCKET_SIZE - 1,
      count: byBucket.get(i) ?? 0,
    })),
    advanced: hasPlan(user, now, 'advancedAnalytics'),
  };
}

export async function eventsSummary(options: { db: Database; user: UserRow }): Promise<AnalyticsEventsSummaryDto> {
  const { db, user } = options;
  const [row] = await db
    .select({ events: count(), oldest: min(analyticsEvents.createdAt) })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.userId, user.id));
  return {
    events: num(row?.events),
    oldest: row?.oldest ? new Date(row.oldest).toISOString() : null,
    optedOut: user.analyticsOptOut,
    retentionMonths: ANALYTICS_RETENTION_MONTHS,
  };
}

/** "Delete my analytics data": every analytics event of the user. */
export async function deleteMyEvents(options: { db: Database; userId: number }): Promise<number> {
  const rows = await options.db
    .delete(analyticsEvents)
    .where(eq(analyticsEvents.userId, options.userId))
    .returning({ id: analyticsEvents.id });
  return rows.length;
}

/** The scheduled purge: events older than ANALYTICS_RETENTION_MONTHS calendar months. */
export async function purgeOldEvents(options: { db: Database; now: Date }): Promise<number> {
  const { now } = options;
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - ANALYTICS_RETENTION_MONTHS);
  const rows = await options.db
    .delete(analyticsEvents)
    .where(lt(analyticsEvents.createdAt, cutoff))
    .returning({ id: analyticsEvents.id });
  return rows.length;
}

type ResultRow = {
  searchId: number;
  title: string;
  opportunityScore: number;
  innovationScore: number;
  marketSize: number | null;
  feasibility: number;
  latestEvidenceDate: string | null;
  competitors: { name: string }[];
  cell: { offering: string; segment: string };
};

async function resultsOf(db: Database, ids: number[]): Promise<ResultRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      searchId: searchResults.searchId,
      title: searchResults.title,
      opportunityScore: searchResults.opportunityScore,
      innovationScore: searchResults.innovationScore,
      marketSize: searchResults.marketSize,
      feasibility: searchResults.feasibility,
      latestEvidenceDate: searchResults.latestEvidenceDate,
      competitors: searchResults.competitors,
      cell: searchResults.cell,
    })
    .from(searchResults)
    .where(inArray(searchResults.searchId, ids))
    .orderBy(asc(searchResults.rank));
}

const round1 = (x: number) => Math.round(x * 10) / 10;

function scoreSummary(rows: ResultRow[], pick: (xs: number[]) => number) {
  if (rows.length === 0) return null;
  const sized = rows.flatMap((r) => (r.marketSize === null ? [] : [r.marketSize]));
  return {
    opportunity: round1(pick(rows.map((r) => r.opportunityScore))),
    innovation: round1(pick(rows.map((r) => r.innovationScore))),
    // Over the sized opportunities only: a market not sized is unknown, not 0 (null when none is sized).
    marketSize: sized.length > 0 ? round1(pick(sized)) : null,
    feasibility: round1(pick(rows.map((r) => r.feasibility))),
  };
}

/** Several of the user's analyses side by side; any id that is not theirs is a 404. */
export async function compareAnalyses(options: {
  db: Database;
  principal: Principal;
  ids: number[];
}): Promise<ComparisonDto> {
  const { db, principal, ids } = options;
  const rows = await db
    .select()
    .from(searches)
    .where(and(accessible(searchResource, principal, 'read'), inArray(searches.id, ids)));
  if (rows.length !== ids.length) throw notFound(searchResource.label);
  const results = await resultsOf(db, ids);
  const analyses = ids.map((id) => {
    const s = rows.find((r) => r.id === id)!;
    const mine = results.filter((r) => r.searchId === id);
    const dates = mine
      .map((r) => r.latestEvidenceDate)
      .filter((d): d is string => d !== null)
      .sort();
    return {
      id,
      query: s.query,
      timestamp: s.timestamp.toISOString(),
      corpusVersion: s.corpusVersion,
      opportunities: mine.length,
      best: scoreSummary(mine, (xs) => Math.max(...xs)),
      average: scoreSummary(mine, (xs) => xs.reduce((a, b) => a + b, 0) / xs.length),
      competitors: [...new Set(mine.flatMap((r) => r.competitors.map((c) => c.name)))].sort(),
      evidenceFrom: dates[0] ?? null,
      evidenceTo: dates[dates.length - 1] ?? null,
    };
  });
  const seen = new Map<string, number>();
  for (const a of analyses) for (const c of a.competitors) seen.set(c, (seen.get(c) ?? 0) + 1);
  return {
    analyses,
    competitorsInCommon: [...seen]
      .filter(([, n]) => n >= 2)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([name, n]) => ({ name, analyses: n })),
  };
}

const cellKey = (r: ResultRow) => `${r.cell.offering}|${r.cell.segment}`;

/** How an analysis changed against the user's previous run of the same query and filters. */
export async function driftOf(options: { db: Database; principal: Principal; searchId: number }): Promise<DriftDto> {
  const { db, principal, searchId } = options;
  const [after] = await db
    .select()
    .from(searches)
    .where(and(accessible(searchResource, principal, 'read'), eq(searches.id, searchId)));
  if (!after) throw notFound(searchResource.label);
  const [before] = await db
    .select()
    .from(searches)
    .where(
      and(
        eq(searches.userId, after.userId),
        sql`lower(${searches.query}) = lower(${after.query})`,
        sql`${searches.filters} = ${JSON.stringify(after.filters)}::jsonb`,
        sql`(${searches.timestamp}, ${searches.id}) < (${after.timestamp.toISOString()}::timestamptz, ${after.id})`,
      ),
    )
    .orderBy(desc(searches.timestamp), desc(searches.id))
    .limit(1);
  const results = await resultsOf(db, before ? [before.id, after.id] : [after.id]);
  const now = new Map(results.filter((r) => r.searchId === after.id).map((r) => [cellKey(r), r]));
  const then = new Map(results.filter((r) => r.searchId === before?.id).map((r) => [cellKey(r), r]));
  const run = (s: typeof after) => ({
    id: s.id,
    timestamp: s.timestamp.toISOString(),
    corpusVersion: s.corpusVersion,
    rubricVersion: s.rubricVersion,
    opportunities: results.filter((r) => r.searchId === s.id).length,
  });
  const score = (r: ResultRow) => round1(r.opportunityScore);
  return {
    query: after.query,
    before: before ? run(before) : null,
    after: run(after),
    corpusChanged: before ? before.corpusVersion !== after.corpusVersion : false,
    added: before ? [...now].filter(([k]) => !then.has(k)).map(([, r]) => ({ title: r.title, score: score(r) })) : [],
    removed: [...then].filter(([k]) => !now.has(k)).map(([, r]) => ({ title: r.title, score: score(r) })),
    changed: [...now]
      .filter(([k, r]) => then.has(k) && score(then.get(k)!) !== score(r))
      .map(([k, r]) => ({ title: r.title, before: score(then.get(k)!), after: score(r) })),
  };
}
