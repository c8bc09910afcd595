import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_SEARCHES_PER_MINUTE } from '#shared/plans/plans.constants.ts';
import { searches, users } from '../../db/schema/index.ts';
import { createUser, reloadUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { SearchEngine } from './search-engine.ts';
import { createFakeEngine, fakeAnalysis } from '../../test/fake-engine.ts';

const engine = createFakeEngine();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: engine } });
});
afterAll(() => t.close());

function search(user: TestUser, query = 'invoicing for plumbers') {
  return t.app.inject({ method: 'POST', url: '/api/search', headers: user.headers, payload: { query } });
}

async function storedSearches(userId: number): Promise<number> {
  const [row] = await t.db.db.select({ n: count() }).from(searches).where(eq(searches.userId, userId));
  return Number(row?.n ?? 0);
}

async function usage(user: TestUser) {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/usage', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { searchesUsed: number; searchesLimit: number | null } }>().data;
}

describe('free quota', () => {
  it('lets exactly 5 of 1,000 concurrent searches by one free user through', async () => {
    t.clock.set(new Date('2026-03-15T12:00:00Z'));
    const user = await createUser(t, { lastResetDate: new Date('2026-03-01T00:00:00Z') });
    const responses = await Promise.all(Array.from({ length: 1000 }, () => search(user)));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const bodies = responses.map(
      (r) => r.json<{ data: { upgradeRequired: boolean; search: { id: number } | null } }>().data,
    );
    expect(bodies.filter((b) => !b.upgradeRequired && b.search)).toHaveLength(5);
    expect(bodies.filter((b) => b.upgradeRequired && b.search === null)).toHaveLength(995);
    expect(await storedSearches(user.user.id)).toBe(5);
    expect(await usage(user)).toEqual({ searchesUsed: 5, searchesLimit: 5, plan: 'free' });
  });

  it('answers upgradeRequired without running the engine once the quota is used up', async () => {
    t.clock.set(new Date('2026-03-15T12:00:00Z'));
    const user = await createUser(t, { searchCount: 5, lastResetDate: new Date('2026-03-02T00:00:00Z') });
    const before = engine.calls;
    const res = await search(user);
    expect(res.json()).toMatchObject({ success: true, data: { upgradeRequired: true, search: null } });
    expect(engine.calls).toBe(before);
    expect(await storedSearches(user.user.id)).toBe(0);
  });

  it('starts a new count when the month changes (UTC)', async () => {
    t.clock.set(new Date('2026-03-31T23:59:00Z'));
    const user = await createUser(t, { searchCount: 5, lastResetDate: new Date('2026-03-01T00:00:00Z') });
    expect((await search(user)).json().data.upgradeRequired).toBe(true);
    t.clock.set(new Date('2026-04-01T00:00:30Z'));
    expect(await usage(user)).toMatchObject({ searchesUsed: 0, searchesLimit: 5 });
    expect((await search(user)).json().data.upgradeRequired).toBe(false);
    const row = await reloadUser(t, user.user.id);
    expect(row.searchCount).toBe(1);
    expect(row.lastResetDate.toISOString().slice(0, 10)).toBe('2026-04-01');
  });

  it('starts a new count when only the year changes (same month number)', async () => {
    t.clock.set(new Date('2027-03-10T08:00:00Z'));
    const user = await createUser(t, { searchCount: 5, lastResetDate: new Date('2026-03-05T00:00:00Z') });
    expect(await usage(user)).toMatchObject({ searchesUsed: 0 });
    const res = await search(user);
    expect(res.json().data.upgradeRequired).toBe(false);
    expect((await reloadUser(t, user.user.id)).searchCount).toBe(1);
  });

  it('counts nothing when the analysis fails', async () => {
    const failing = await createTestApp({ overrides: { searchEngine: createFakeEngine({ fail: true }) } });
    try {
      const user = await createUser(failing);
      const res = await failing.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: user.headers,
        payload: { query: 'x' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ success: false, code: 'INTERNAL' });
      expect((await reloadUser(failing, user.user.id)).searchCount).toBe(0);
      const [row] = await failing.db.db.select({ n: count() }).from(searches);
      expect(Number(row?.n)).toBe(0);
    } finally {
      await failing.close();
    }
  });
});

describe('atomicity', () => {
  it('stores neither the search nor the count when writing a result fails mid-transaction', async () => {
    // PostgreSQL (and PGlite) refuse a NUL character in text: the results insert fails after the
    // quota update and the search insert already ran in the same transaction.
    const broken: SearchEngine = {
      analyze: ({ query, filters }) => {
        const analysis = fakeAnalysis(query, filters);
        const second = analysis.opportunities[1];
        if (second) second.title = 'broken\u0000title';
        return Promise.resolve(analysis);
      },
    };
    const b = await createTestApp({ overrides: { searchEngine: broken } });
    try {
      const user = await createUser(b);
      const res = await b.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: user.headers,
        payload: { query: 'x' },
      });
      expect(res.statusCode).toBe(500);
      expect((await reloadUser(b, user.user.id)).searchCount).toBe(0);
      const [row] = await b.db.db.select({ n: count() }).from(searches);
      expect(Number(row?.n)).toBe(0);
    } finally {
      await b.close();
    }
  });
});

describe('paid plans', () => {
  it('are unlimited by month but limited to 60 searches a minute per user', async () => {
    t.clock.set(new Date('2026-05-10T10:00:05Z'));
    const pro = await createUser(t, {
      subscriptionTier: 'pro',
      subscriptionStatus: 'active',
      searchCount: 40,
      lastResetDate: new Date('2026-05-01T00:00:00Z'),
    });
    expect(await usage(pro)).toMatchObject({ searchesUsed: 40, searchesLimit: null, plan: 'pro' });
    const responses = await Promise.all(Array.from({ length: PAID_SEARCHES_PER_MINUTE + 10 }, () => search(pro)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(PAID_SEARCHES_PER_MINUTE);
    const limited = responses.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(10);
    expect(limited[0]?.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await storedSearches(pro.user.id)).toBe(PAID_SEARCHES_PER_MINUTE);
    t.clock.advance(60_000);
    expect((await search(pro)).statusCode).toBe(200);
    const [row] = await t.db.db.select({ c: users.searchCount }).from(users).where(eq(users.id, pro.user.id));
    expect(row?.c).toBe(40 + PAID_SEARCHES_PER_MINUTE + 1);
  });
});
