import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnalyticsDashboardDto,
  AnalyticsEventsSummaryDto,
  ComparisonDto,
  DriftDto,
} from '#shared/analytics/analytics.schemas.ts';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { SHARE_LINK_EXPIRIES } from '#shared/sharing/sharing.schemas.ts';
import { analyticsEvents, searchResults, searches } from '../../db/schema/index.ts';
import type { JobContext } from '../../lib/jobs/job.ts';
import { registerViaApi } from '../../test/auth-helpers.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createFakeEngine } from '../../test/fake-engine.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { purgeAnalyticsEventsJob } from './analytics.jobs.ts';

let t: TestApp;
const now = new Date('2026-06-15T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: createFakeEngine() } });
  t.clock.set(now);
});
afterAll(() => t.close());

const UA = 'Mozilla/5.0 (analytics test)';
const headers = (u: TestUser) => ({ ...u.headers, 'user-agent': UA });
async function search(u: TestUser, query: string): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/search', headers: headers(u), payload: { query } });
  return res.json<{ data: { search: { id: number } } }>().data.search.id;
}
const eventsOf = (userId: number) =>
  t.db.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, userId)).orderBy(analyticsEvents.id);
const pro = () => createUser(t, { subscriptionTier: 'pro', subscriptionStatus: 'active' });

describe('analytics events', () => {
  it('records a search run and a saved result with user agent and session id, never the query text', async () => {
    const password = 'Unbuilt-analytics-9-horse';
    const reg = await registerViaApi(t, { email: 'events@example.test', password, name: 'Event User' });
    const user = { id: reg.userId };
    const { accessToken } = reg;
    const u = { headers: { authorization: `Bearer ${accessToken}` } } as TestUser;
    const searchId = await search(u, 'secret plumbing invoices');
    const [result] = await t.db.db.select().from(searchResults).where(eq(searchResults.searchId, searchId));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/search-results/${result!.id}/save`,
      headers: headers(u),
      payload: { isSaved: true },
    });
    const rows = await eventsOf(user.id);
    expect(rows.map((r) => r.eventType)).toEqual(['search_run', 'result_saved']);
    expect(rows[0]).toMatchObject({ userAgent: UA, metadata: { searchId }, ipAddress: null });
    expect(rows[0]!.sessionId).toMatch(/.+/);
    expect(rows[1]!.sessionId).toBe(rows[0]!.sessionId);
    expect(JSON.stringify(rows)).not.toContain('plumbing');
  });

  it('records creating a share link as a "share" event', async () => {
    const u = await createUser(t);
    const searchId = await search(u, 'shared market');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/searches/${searchId}/share-links`,
      headers: headers(u),
      payload: { expiresIn: SHARE_LINK_EXPIRIES[0] },
    });
    expect(res.statusCode).toBe(201);
    expect((await eventsOf(u.user.id)).map((r) => [r.eventType, r.metadata])).toEqual([
      ['search_run', { searchId }],
      ['share', { searchId, expiresIn: SHARE_LINK_EXPIRIES[0] }],
    ]);
  });

  it('records creating an action plan and exporting it', async () => {
    const u = await pro();
    const searchId = await search(u, 'plan market');
    const [result] = await t.db.db.select().from(searchResults).where(eq(searchResults.searchId, searchId));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/action-plans',
      headers: headers(u),
      payload: { searchResultId: result!.id },
    });
    expect(res.statusCode).toBe(201);
    const planId = res.json<{ data: { id: number } }>().data.id;
    await t.app.inject({ method: 'GET', url: `/api/action-plans/${planId}/export?format=csv`, headers: headers(u) });
    expect((await eventsOf(u.user.id)).map((r) => [r.eventType, r.metadata])).toEqual([
      ['search_run', { searchId }],
      ['plan_created', { planId }],
      ['export', { format: 'csv', what: 'action-plan' }],
    ]);
  });

  it('records "upgrade viewed" reported by the browser, and refuses any other event type', async () => {
    const u = await createUser(t);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: headers(u),
      payload: { type: 'upgrade_viewed', source: 'subscribe-page' },
    });
    expect(ok.json()).toEqual({ success: true, data: { recorded: true } });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: headers(u),
      payload: { type: 'search_run' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await eventsOf(u.user.id)).map((r) => [r.eventType, r.metadata])).toEqual([
      ['upgrade_viewed', { source: 'subscribe-page' }],
    ]);
  });

  it('writes nothing once the user opts out, from that moment, and again after opting back in', async () => {
    const u = await createUser(t);
    await search(u, 'before opting out');
    expect(await eventsOf(u.user.id)).toHaveLength(1);
    const optOut = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/preferences',
      headers: headers(u),
      payload: { analyticsOptOut: true },
    });
    expect(optOut.statusCode).toBe(200);
    // Concurrent actions right after the opt-out: none is written.
    await Promise.all([
      search(u, 'after opting out'),
      search(u, 'after opting out 2'),
      t.app.inject({
        method: 'POST',
        url: '/api/analytics/events',
        headers: headers(u),
        payload: { type: 'upgrade_viewed' },
      }),
    ]);
    expect(await eventsOf(u.user.id)).toHaveLength(1);
    const summary = (await t.app.inject({ method: 'GET', url: '/api/analytics/events', headers: headers(u) })).json<{
      data: AnalyticsEventsSummaryDto;
    }>().data;
    expect(summary).toMatchObject({ events: 1, optedOut: true, retentionMonths: 13 });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/account/preferences',
      headers: headers(u),
      payload: { analyticsOptOut: false },
    });
    await search(u, 'opted back in');
    expect(await eventsOf(u.user.id)).toHaveLength(2);
  });

  it('"delete my analytics data" deletes every event of the user and nobody else’s', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    await search(u, 'one');
    await search(u, 'two');
    await search(other, 'three');
    const res = await t.app.inject({ method: 'DELETE', url: '/api/analytics/events', headers: headers(u) });
    expect(res.json()).toEqual({ success: true, data: { deleted: 2 } });
    expect(await eventsOf(u.user.id)).toEqual([]);
    expect(await eventsOf(other.user.id)).toHaveLength(1);
    // The user's own searches are not analytics events: they stay.
    expect(await t.db.db.select().from(searches).where(eq(searches.userId, u.user.id))).toHaveLength(2);
  });

  it('the scheduled purge deletes events older than 13 months only', async () => {
    const u = await createUser(t);
    const at = (d: Date) => ({ eventType: 'search_run' as const, userId: u.user.id, createdAt: d });
    await t.db.db
      .insert(analyticsEvents)
      .values([
        at(new Date('2025-05-14T12:00:00Z')),
        at(new Date('2025-05-16T12:00:00Z')),
        at(new Date(now.getTime() - DAY_MS)),
      ]);
    const { db, env, mailer } = t.app.deps;
    const context: JobContext = {
      jobId: 'purge-test',
      attempt: 1,
      deps: { db, clock: t.clock, env, mailer, log: t.app.log, secret: 's' },
    };
    await purgeAnalyticsEventsJob.handle({}, context);
    expect((await eventsOf(u.user.id)).map((r) => r.createdAt.toISOString())).toEqual([
      '2025-05-16T12:00:00.000Z',
      new Date(now.getTime() - DAY_MS).toISOString(),
    ]);
  });
});

describe('GET /api/analytics', () => {
  it('counts searches per month, categories, markets, saved opportunities and the score distribution from the user’s data', async () => {
    const u = await createUser(t);
    const first = await search(u, 'dental billing');
    await search(u, 'vet scheduling');
    await t.db.db
      .update(searches)
      .set({ timestamp: new Date('2026-03-10T00:00:00Z'), isFavorite: true })
      .where(eq(searches.id, first));
    const [r] = await t.db.db.select().from(searchResults).where(eq(searchResults.searchId, first));
    await t.db.db.update(searchResults).set({ isSaved: true }).where(eq(searchResults.id, r!.id));
    const d = (await t.app.inject({ method: 'GET', url: '/api/analytics', headers: headers(u) })).json<{
      data: AnalyticsDashboardDto;
    }>().data;
    expect(d.totals).toEqual({ searches: 2, opportunities: 4, saved: 1 });
    expect(d.searchesByMonth).toHaveLength(12);
    expect(d.searchesByMonth.at(-1)).toEqual({ month: '2026-06', searches: 1 });
    expect(d.searchesByMonth.find((m) => m.month === '2026-03')).toEqual({ month: '2026-03', searches: 1 });
    expect(d.categories).toEqual([{ category: 'technology', found: 4, saved: 1 }]);
    // The user's own queries, not the words the engine parsed from them (issue 29).
    expect(d.markets).toEqual([
      { query: 'vet scheduling', searches: 1, searchId: expect.any(Number) },
      { query: 'dental billing', searches: 1, searchId: first },
    ]);
    expect(d.favourites).toEqual([{ searchId: first, query: 'dental billing' }]);
    expect(d.scoreDistribution.reduce((s, b) => s + b.count, 0)).toBe(4);
    expect(d.scoreDistribution[0]).toEqual({ from: 0, to: 9, count: 4 });
    expect(d.scoreDistribution.at(-1)).toMatchObject({ from: 90, to: 100 });
    expect(d.advanced).toBe(false);
  });

  it('lists markets explored as the queries typed, one per query whatever its case or spacing, most searched first', async () => {
    const u = await createUser(t);
    await search(u, 'dental billing');
    await search(u, 'vet scheduling');
    const latest = await search(u, '  Dental   billing ');
    const d = (await t.app.inject({ method: 'GET', url: '/api/analytics', headers: headers(u) })).json<{
      data: AnalyticsDashboardDto;
    }>().data;
    expect(d.markets.map((m) => [m.query, m.searches])).toEqual([
      ['Dental billing', 2],
      ['vet scheduling', 1],
    ]);
    expect(d.markets[0]!.searchId).toBe(latest);
  });

  it('shows a new user zeros, not made-up numbers', async () => {
    const u = await createUser(t);
    const d = (await t.app.inject({ method: 'GET', url: '/api/analytics', headers: headers(u) })).json<{
      data: AnalyticsDashboardDto;
    }>().data;
    expect(d.totals).toEqual({ searches: 0, opportunities: 0, saved: 0 });
    expect(d.categories).toEqual([]);
    expect(d.scoreDistribution.every((b) => b.count === 0)).toBe(true);
  });
});

describe('advanced analytics (Pro, Enterprise)', () => {
  it('is refused to the free plan with PLAN_REQUIRED', async () => {
    const u = await createUser(t);
    for (const url of [
      '/api/analytics/compare?ids=1,2',
      '/api/analytics/drift?searchId=1',
      '/api/analytics/export.csv',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: headers(u) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'PLAN_REQUIRED' });
    }
  });

  it('compares analyses side by side with competitors in common; another user’s id is a 404', async () => {
    const u = await pro();
    const other = await pro();
    const a = await search(u, 'dental billing');
    const b = await search(u, 'vet billing');
    const theirs = await search(other, 'not yours');
    const res = await t.app.inject({ method: 'GET', url: `/api/analytics/compare?ids=${a},${b}`, headers: headers(u) });
    const c = res.json<{ data: ComparisonDto }>().data;
    expect(c.analyses.map((x) => x.id)).toEqual([a, b]);
    expect(c.analyses[0]).toMatchObject({ query: 'dental billing', opportunities: 2, evidenceFrom: '2024-06-01' });
    expect(c.analyses[0]!.best!.innovation).toBe(60);
    expect(c.analyses[0]!.average!.innovation).toBe(57.5);
    expect(c.competitorsInCommon).toEqual([{ name: 'Fixture Co', analyses: 2 }]);
    // A market not sized counts in no market-size figure: best and average are over the sized ones, null when none is.
    const rowsOfB = await t.db.db
      .select()
      .from(searchResults)
      .where(eq(searchResults.searchId, b))
      .orderBy(searchResults.rank);
    const compared = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/analytics/compare?ids=${a},${b}`, headers: headers(u) })).json<{
        data: ComparisonDto;
      }>().data.analyses[1]!;
    await t.db.db.update(searchResults).set({ marketSize: null }).where(eq(searchResults.id, rowsOfB[0]!.id));
    const oneSized = await compared();
    expect(oneSized.average!.marketSize).toBe(rowsOfB[1]!.marketSize);
    expect(oneSized.best!.marketSize).toBe(rowsOfB[1]!.marketSize);
    expect(oneSized.average!.innovation).toBe(57.5);
    await t.db.db.update(searchResults).set({ marketSize: null }).where(eq(searchResults.searchId, b));
    expect((await compared()).average!.marketSize).toBeNull();
    const idor = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/compare?ids=${a},${theirs}`,
      headers: headers(u),
    });
    expect(idor.statusCode).toBe(404);
    for (const ids of [`${a}`, `${a},${a}`, '1,2,3,4,5', 'x,y'])
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/analytics/compare?ids=${ids}`, headers: headers(u) }))
          .statusCode,
      ).toBe(400);
  });

  it('reads re-run drift against the previous run of the same query and filters', async () => {
    const u = await pro();
    const first = await search(u, 'Drift Query');
    await search(u, 'another query');
    const second = await search(u, 'drift query');
    await t.db.db.update(searches).set({ corpusVersion: 'seed-old' }).where(eq(searches.id, first));
    const [old] = await t.db.db.select().from(searchResults).where(eq(searchResults.searchId, first));
    await t.db.db.update(searchResults).set({ opportunityScore: 3 }).where(eq(searchResults.id, old!.id));
    const d = (
      await t.app.inject({ method: 'GET', url: `/api/analytics/drift?searchId=${second}`, headers: headers(u) })
    ).json<{ data: DriftDto }>().data;
    expect(d.before).toMatchObject({ id: first, corpusVersion: 'seed-old' });
    expect(d.after).toMatchObject({ id: second, corpusVersion: 'fixture-1' });
    expect(d.corpusChanged).toBe(true);
    expect(d.added).toEqual([]);
    expect(d.removed).toEqual([]);
    const firstRun = (
      await t.app.inject({ method: 'GET', url: `/api/analytics/drift?searchId=${first}`, headers: headers(u) })
    ).json<{ data: DriftDto }>().data;
    expect(firstRun.before).toBeNull();
    const other = await pro();
    const idor = await t.app.inject({
      method: 'GET',
      url: `/api/analytics/drift?searchId=${second}`,
      headers: headers(other),
    });
    expect(idor.statusCode).toBe(404);
  });

  it('exports the numbers as CSV with formula cells neutralised', async () => {
    const u = await pro();
    await search(u, '=HYPERLINK("http://evil.test","x")');
    await search(u, '+1 dental');
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics/export.csv', headers: headers(u) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="unbuilt-analytics.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const body = res.body.replace(/^\uFEFF/, '');
    expect(body).toContain('totals,searches,2,\r\n');
    expect(body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(body).toContain(`,'+1 dental,`);
    expect(body).not.toMatch(/(^|,)"?[=+\-@]/m);
    expect((await eventsOf(u.user.id)).map((e) => e.eventType)).toContain('export');
  });
});
