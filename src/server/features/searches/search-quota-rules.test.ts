import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FREE_SEARCHES_PER_MINUTE,
  FREE_UNCOUNTED_ANSWERS_PER_HOUR,
  SEARCHES_IN_FLIGHT_PER_USER,
} from '#shared/plans/plans.constants.ts';
import { searchReservations, users } from '../../db/schema/index.ts';
import { createFakeEngine, type FakeEngineOptions } from '../../test/fake-engine.ts';
import { createUser, reloadUser, type TestUser, signInAs } from '../../test/factories.ts';
import { postSearch, storedSearchCount } from '../../test/search-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { SearchEngine } from './search-engine.provider.ts';
import { expireReservations, reserveSearch, SEARCH_RESERVATION_TTL_MS } from './search-quota.service.ts';

// The rules of docs/decisions/011: the in-flight cap, answers that use no search, the free
// per-minute limit and the hourly limit on free answers, and units given back after a crash.

let behaviour: FakeEngineOptions = {};
let calls = 0;
const engine: SearchEngine = {
  analyze: (input, hooks) => {
    calls++;
    return createFakeEngine(behaviour).analyze(input, hooks);
  },
};
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: engine } });
});
afterAll(() => t.close());

const search = (user: Pick<TestUser, 'headers'>, query?: string) => postSearch(t, user, query);
const storedSearches = (userId: number) => storedSearchCount(t, userId);

describe('searches in flight', () => {
  it(`runs at most ${SEARCHES_IN_FLIGHT_PER_USER} searches of one user at once`, async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    behaviour = { gate: () => gate };
    const pro = await createUser(t, { subscriptionTier: 'pro', subscriptionStatus: 'active' });
    const other = await createUser(t, { subscriptionTier: 'pro', subscriptionStatus: 'active' });
    const held = [search(pro), search(pro)];
    await expect.poll(() => calls, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    const third = await search(pro);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect(third.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(third.json().message).toContain(`${SEARCHES_IN_FLIGHT_PER_USER} searches running`);
    // Another user is not affected by this user's searches.
    const othersSearch = search(other);
    open();
    expect((await othersSearch).statusCode).toBe(200);
    expect((await Promise.all(held)).map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await search(pro)).statusCode).toBe(200);
    expect(await storedSearches(pro.user.id)).toBe(3);
    behaviour = {};
  });
});

describe('answers that use no search (docs/product/plans.md)', () => {
  it.each([
    ['an abstention (insufficient_data)', { status: 'insufficient_data' as const }],
    ['an answer with no opportunities', { opportunities: 0 }],
  ])('%s is stored and shown but does not use up a free search', async (_label, options) => {
    t.clock.set(new Date('2026-07-10T10:00:00Z'));
    behaviour = options;
    const user = await createUser(t, { searchCount: 4, lastResetDate: new Date('2026-07-01T00:00:00Z') });
    const res = await search(user);
    expect(res.statusCode).toBe(200);
    const id = res.json<{ data: { search: { id: number } } }>().data.search.id;
    const shown = await t.app.inject({ method: 'GET', url: `/api/searches/${id}`, headers: user.headers });
    expect(shown.statusCode).toBe(200);
    expect((await reloadUser(t, user.user.id)).searchCount).toBe(4);
    behaviour = {};
    expect((await search(user)).json().data.upgradeRequired).toBe(false);
    expect((await reloadUser(t, user.user.id)).searchCount).toBe(5);
    expect((await search(user)).json().data).toEqual({ upgradeRequired: true, search: null });
    t.clock.set(null);
  });

  it(`are limited to ${FREE_UNCOUNTED_ANSWERS_PER_HOUR} an hour for a free user; the next is refused before the engine runs`, async () => {
    const start = new Date('2026-07-11T10:00:00Z');
    t.clock.set(start);
    behaviour = { status: 'insufficient_data' };
    const user = await createUser(t, { lastResetDate: start });
    for (let i = 0; i < FREE_UNCOUNTED_ANSWERS_PER_HOUR; i++) {
      t.clock.set(new Date(start.getTime() + i * 7_000)); // under the per-minute limit
      expect((await search(user)).statusCode).toBe(200);
    }
    t.clock.set(new Date(start.getTime() + FREE_UNCOUNTED_ANSWERS_PER_HOUR * 7_000));
    const before = calls;
    const refused = await search(user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(calls).toBe(before);
    expect(await storedSearches(user.user.id)).toBe(FREE_UNCOUNTED_ANSWERS_PER_HOUR);
    expect((await reloadUser(t, user.user.id)).searchCount).toBe(0);
    // The next hour: allowed again.
    t.clock.set(new Date('2026-07-11T11:00:01Z'));
    const token = await signInAs(t, user.user.id);
    expect((await search({ ...user, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    behaviour = {};
    t.clock.set(null);
  });
});

describe('free per-minute limit', () => {
  it(`lets a free user start ${FREE_SEARCHES_PER_MINUTE} searches a minute`, async () => {
    t.clock.set(new Date('2026-07-12T10:00:05Z'));
    behaviour = { opportunities: 0 };
    const user = await createUser(t, { lastResetDate: new Date('2026-07-01T00:00:00Z') });
    const codes: number[] = [];
    for (let i = 0; i <= FREE_SEARCHES_PER_MINUTE; i++) codes.push((await search(user)).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(FREE_SEARCHES_PER_MINUTE);
    expect(codes.at(-1)).toBe(429);
    t.clock.advance(60_000);
    expect((await search(user)).statusCode).toBe(200);
    behaviour = {};
    t.clock.set(null);
  });
});

describe('a crashed search', () => {
  it('gives its unit back when its reservation expires, and frees its slot', async () => {
    const now = new Date('2026-08-03T09:00:00Z');
    const user = await createUser(t, { searchCount: 3, lastResetDate: new Date('2026-08-01T00:00:00Z') });
    // Two reservations whose process "died": the slots are taken and the units counted.
    for (let i = 0; i < 2; i++) await reserveSearch(t.db.db, { userId: user.user.id, limit: 5, now });
    expect((await reloadUser(t, user.user.id)).searchCount).toBe(5);
    expect(await reserveSearch(t.db.db, { userId: user.user.id, limit: 5, now })).toEqual({
      kind: 'too_many_in_flight',
    });
    expect(await expireReservations(t.db.db, new Date(now.getTime() + SEARCH_RESERVATION_TTL_MS - 1))).toBe(0);
    expect(await expireReservations(t.db.db, new Date(now.getTime() + SEARCH_RESERVATION_TTL_MS))).toBe(2);
    expect((await reloadUser(t, user.user.id)).searchCount).toBe(3);
    const rows = await t.db.db.select().from(searchReservations).where(eq(searchReservations.userId, user.user.id));
    expect(rows).toEqual([]);
  });

  // ADR 048: the reservation reads the lock and the expired ones in one statement, and refunds them
  // only when there are some; live ones still count against the cap, expired ones never do.
  it('gives its unit back and frees its slot at the next reservation, without waiting for the job', async () => {
    const now = new Date('2026-08-03T09:00:00Z');
    const user = await createUser(t, { searchCount: 3, lastResetDate: new Date('2026-08-01T00:00:00Z') });
    const userId = user.user.id;
    for (let i = 0; i < 2; i++) await reserveSearch(t.db.db, { userId, limit: 5, now });
    const justBefore = new Date(now.getTime() + SEARCH_RESERVATION_TTL_MS - 1);
    expect(await reserveSearch(t.db.db, { userId, limit: 5, now: justBefore })).toEqual({ kind: 'too_many_in_flight' });
    expect((await reloadUser(t, userId)).searchCount).toBe(5);
    // Both expired: both units come back, and the new search takes one of them within the limit of 5.
    const expired = new Date(now.getTime() + SEARCH_RESERVATION_TTL_MS);
    expect(await reserveSearch(t.db.db, { userId, limit: 5, now: expired })).toMatchObject({ kind: 'reserved' });
    expect((await reloadUser(t, userId)).searchCount).toBe(4);
    const rows = await t.db.db.select().from(searchReservations).where(eq(searchReservations.userId, userId));
    expect(rows.map((r) => r.startedAt)).toEqual([expired]);
    // Its own reservation expires in turn (and leaves nothing for the next test's job to find).
    expect(await expireReservations(t.db.db, new Date(expired.getTime() + SEARCH_RESERVATION_TTL_MS))).toBe(1);
    expect((await reloadUser(t, userId)).searchCount).toBe(3);
  });

  it('does not give a unit back to a month whose count has started again', async () => {
    const user = await createUser(t, { searchCount: 2, lastResetDate: new Date('2026-08-01T00:00:00Z') });
    await reserveSearch(t.db.db, { userId: user.user.id, limit: 5, now: new Date('2026-08-31T23:59:00Z') });
    // September: a new search restarts the count at 1; August's unit must not be taken from it.
    await reserveSearch(t.db.db, { userId: user.user.id, limit: 5, now: new Date('2026-09-01T00:01:00Z') });
    expect(await expireReservations(t.db.db, new Date('2026-09-01T00:10:00Z'))).toBe(1);
    expect((await reloadUser(t, user.user.id)).searchCount).toBe(1);
  });
});

describe('a search whose reservation expired while the engine ran', () => {
  // Its unit was given back by the job; settling counts it again, within the limit (ADR 011), in the
  // statement that stores the answer (ADR 051): refused, that statement stores nothing.
  async function expiredWhileRunning(usedMeanwhile: number) {
    const start = new Date('2026-08-20T09:00:00Z');
    t.clock.set(start);
    const user = await createUser(t, { searchCount: 3, lastResetDate: new Date('2026-08-01T00:00:00Z') });
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    behaviour = { gate: () => gate };
    const before = calls;
    const running = search(user);
    await expect.poll(() => calls, { timeout: 5000 }).toBe(before + 1);
    expect((await reloadUser(t, user.user.id)).searchCount).toBe(4);
    // The test clock runs on from `start`: a minute later than the TTL is past the reservation's.
    expect(await expireReservations(t.db.db, new Date(start.getTime() + SEARCH_RESERVATION_TTL_MS + 60_000))).toBe(1);
    expect((await reloadUser(t, user.user.id)).searchCount).toBe(3);
    await t.db.db
      .update(users)
      .set({ searchCount: 3 + usedMeanwhile })
      .where(eq(users.id, user.user.id));
    open();
    const res = await running;
    behaviour = {};
    t.clock.set(null);
    expect(res.statusCode).toBe(200);
    return { data: res.json<{ data: unknown }>().data, user };
  }

  it('is counted again when the quota still allows it', async () => {
    const { data, user } = await expiredWhileRunning(1);
    expect(data).toEqual({ upgradeRequired: false, search: { id: expect.any(Number) } });
    expect((await reloadUser(t, user.user.id)).searchCount).toBe(5);
    expect(await storedSearches(user.user.id)).toBe(1);
  });

  it('stores nothing and counts nothing when the quota was used up meanwhile', async () => {
    const { data, user } = await expiredWhileRunning(2);
    expect(data).toEqual({ upgradeRequired: true, search: null });
    expect((await reloadUser(t, user.user.id)).searchCount).toBe(5);
    expect(await storedSearches(user.user.id)).toBe(0);
    const rows = await t.db.db.select().from(searchReservations).where(eq(searchReservations.userId, user.user.id));
    expect(rows).toEqual([]);
  });
});
