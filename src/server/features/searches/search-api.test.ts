import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchDetail, SearchListPage, SearchStreamLine } from '#shared/searches/search.schemas.ts';
import { presetFilters } from '#shared/searches/filter-options.ts';
import { searchReservations, searches } from '../../db/schema/index.ts';
import { createUser, reloadUser, storedSearchValues, type TestUser, signInAs } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createFakeEngine, createHangingEngine, fakeOpportunity } from '../../test/fake-engine.ts';

let t: TestApp;
let pro: TestUser;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: createFakeEngine() } });
  pro = await createUser(t, { subscriptionTier: 'pro', subscriptionStatus: 'active' });
});
afterAll(() => t.close());

function post(user: TestUser, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/search',
    headers: { ...user.headers, ...headers },
    payload: payload as object,
  });
}

describe('POST /api/search validation', () => {
  it.each([
    ['an empty query', { query: '   ' }, 'query'],
    ['a missing query', {}, 'query'],
    ['an unknown category', { query: 'x', filters: { categories: ['space'] } }, 'filters.categories.0'],
    ['an inverted range', { query: 'x', filters: { innovationScore: [80, 20] } }, 'filters.innovationScore'],
    ['a score above 100', { query: 'x', filters: { marketSize: [0, 101] } }, 'filters.marketSize.1'],
    ['a wrongly typed range', { query: 'x', filters: { feasibilityScore: 'high' } }, 'filters.feasibilityScore'],
    [
      '1,000 keywords',
      { query: 'x', filters: { keywords: Array.from({ length: 1000 }, (_, i) => `k${i}`) } },
      'filters.keywords',
    ],
    ['an unknown filter field', { query: 'x', filters: { colour: 'red' } }, 'filters'],
    [
      'an inverted date range',
      { query: 'x', filters: { dateRange: { from: '2026-02-01', to: '2026-01-01' } } },
      'filters.dateRange.to',
    ],
  ])('rejects %s with field errors and stores nothing', async (_name, payload, field) => {
    const res = await post(pro, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; fieldErrors: Record<string, string> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fieldErrors)).toContain(field);
    const [row] = await t.db.db.select({ n: count() }).from(searches).where(eq(searches.userId, pro.user.id));
    expect(Number(row?.n)).toBe(0);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('a stored search', () => {
  it('trims the query and stores the analysis with every result field', async () => {
    const user = await createUser(t);
    const filters = presetFilters('high-innovation');
    const res = await post(user, { query: '  tools for florists  ', filters });
    expect(res.json()).toMatchObject({ success: true, message: expect.any(String), data: { upgradeRequired: false } });
    const id = res.json<{ data: { search: { id: number } } }>().data.search.id;
    const detail = (await t.app.inject({ method: 'GET', url: `/api/searches/${id}`, headers: user.headers })).json<{
      data: SearchDetail;
    }>().data;
    expect(detail).toMatchObject({ id, query: 'tools for florists', resultsCount: 2, isFavorite: false, filters });
    expect(detail.analysis).toMatchObject({
      corpusVersion: 'fixture-1',
      corpusKind: 'seed',
      rubricVersion: 'rubric-fixture',
      composerMode: 'offline',
    });
    const expected = fakeOpportunity(1, 'tools for florists');
    expect(detail.results[0]).toEqual({ ...expected, id: expect.any(Number), searchId: id, isSaved: false });
    expect((await reloadUser(t, user.user.id)).searchCount).toBe(1);
  });

  it('streams progress lines ending in done when the client accepts NDJSON', async () => {
    const user = await createUser(t);
    const res = await post(user, { query: 'bakery software' }, { accept: 'application/x-ndjson' });
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as SearchStreamLine);
    expect(lines.map((l) => l.type)).toEqual(['stage', 'stage', 'opportunity', 'opportunity', 'done']);
    const done = lines.at(-1);
    if (done?.type !== 'done') throw new Error('no done line');
    expect(done.data.search?.id).toBeGreaterThan(0);
  });
});

describe('cancel', () => {
  it('aborts the engine when the client goes away; nothing is stored or counted', async () => {
    const engine = createHangingEngine();
    const c = await createTestApp({ overrides: { searchEngine: engine } });
    try {
      const user = await createUser(c);
      const address = await c.app.listen({ port: 0, host: '127.0.0.1' });
      const controller = new AbortController();
      const request = fetch(`${address}/api/search`, {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json', accept: 'application/x-ndjson' },
        body: JSON.stringify({ query: 'slow one' }),
        signal: controller.signal,
      }).then((r) => r.text());
      await engine.started;
      controller.abort();
      await expect(request).rejects.toThrow();
      await engine.aborted;
      // The unit reserved before the engine ran is given back once the engine has stopped.
      await expect.poll(async () => (await c.db.db.select().from(searchReservations)).length).toBe(0);
      expect((await reloadUser(c, user.user.id)).searchCount).toBe(0);
      const [row] = await c.db.db.select({ n: count() }).from(searches);
      expect(Number(row?.n)).toBe(0);
    } finally {
      await c.close();
    }
  });
});

describe('history', () => {
  it('lists newest first with pages; a free user sees 30 days and is told older ones are hidden', async () => {
    const day = 24 * 60 * 60 * 1000;
    const base = new Date('2026-06-30T12:00:00Z');
    t.clock.set(base); // before signing in: a token issued in the clock's future is refused
    const user = await createUser(t);
    const rows = [0, 1, 2, 40, 50].map((ago, i) =>
      storedSearchValues(user.user.id, {
        query: `query ${i}`,
        timestamp: new Date(base.getTime() - ago * day),
        filters: presetFilters('easy-to-build'),
      }),
    );
    await t.db.db.insert(searches).values(rows);
    t.clock.set(base);
    const page1 = (await t.app.inject({ method: 'GET', url: '/api/searches?pageSize=2', headers: user.headers })).json<{
      data: SearchListPage;
    }>().data;
    expect(page1.items.map((i) => i.query)).toEqual(['query 0', 'query 1']);
    expect(page1).toMatchObject({ hasMore: true, hiddenOlderCount: 2, historyDays: 30 });
    const page2 = (
      await t.app.inject({ method: 'GET', url: '/api/searches?pageSize=2&page=2', headers: user.headers })
    ).json<{ data: SearchListPage }>().data;
    expect(page2.items.map((i) => i.query)).toEqual(['query 2']);
    expect(page2.hasMore).toBe(false);
    const beyond = (
      await t.app.inject({ method: 'GET', url: '/api/searches?pageSize=2&page=9', headers: user.headers })
    ).json<{ data: SearchListPage }>().data;
    expect(beyond).toMatchObject({ items: [], hasMore: false });
    const filtered = (
      await t.app.inject({ method: 'GET', url: '/api/searches?q=query%201', headers: user.headers })
    ).json<{ data: SearchListPage }>().data;
    expect(filtered.items.map((i) => i.query)).toEqual(['query 1']);

    await t.db.db.update(searches).set({ userId: pro.user.id }).where(eq(searches.userId, user.user.id));
    const proHeaders = { authorization: `Bearer ${await signInAs(t, pro.user.id)}` }; // signed at the test clock
    const all = (await t.app.inject({ method: 'GET', url: '/api/searches', headers: proHeaders })).json<{
      data: SearchListPage;
    }>().data;
    expect(all).toMatchObject({ hasMore: false, hiddenOlderCount: 0, historyDays: null });
    expect(all.items).toHaveLength(5);
    t.clock.set(null);
  });

  it('favourites, saves, lists saved, deletes and re-runs', async () => {
    const user = await createUser(t, { subscriptionTier: 'enterprise', subscriptionStatus: 'active' });
    const id = (await post(user, { query: 'farm robotics' })).json<{ data: { search: { id: number } } }>().data.search
      .id;
    const detail = (await t.app.inject({ method: 'GET', url: `/api/searches/${id}`, headers: user.headers })).json<{
      data: SearchDetail;
    }>().data;
    const resultId = detail.results[0]?.id ?? 0;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/searches/${id}/favorite`,
      headers: user.headers,
      payload: { isFavorite: true },
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/search-results/${resultId}/save`,
      headers: user.headers,
      payload: { isSaved: true },
    });
    const saved = (
      await t.app.inject({ method: 'GET', url: '/api/search-results/saved', headers: user.headers })
    ).json().data.items;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ id: resultId, isSaved: true, search: { id, query: 'farm robotics' } });
    const favs = (
      await t.app.inject({ method: 'GET', url: '/api/searches?favorites=true', headers: user.headers })
    ).json<{ data: SearchListPage }>().data;
    expect(favs.items.map((i) => i.id)).toEqual([id]);

    const rerun = await t.app.inject({ method: 'POST', url: `/api/searches/${id}/rerun`, headers: user.headers });
    const newId = rerun.json<{ data: { search: { id: number } } }>().data.search.id;
    expect(newId).not.toBe(id);
    const again = (await t.app.inject({ method: 'GET', url: `/api/searches/${newId}`, headers: user.headers })).json<{
      data: SearchDetail;
    }>().data;
    expect(again).toMatchObject({ query: 'farm robotics', filters: detail.filters });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/searches/${id}`, headers: user.headers })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/searches/${id}`, headers: user.headers })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/search-results/${resultId}`, headers: user.headers })).statusCode,
    ).toBe(404);
  });
});
