import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCHES_IN_FLIGHT_PER_USER } from '#shared/plans/plans.constants.ts';
import type { PgliteClient } from '../../db/client.ts';
import { searchReservations, users } from '../../db/schema/index.ts';
import { createFakeEngine } from '../../test/fake-engine.ts';
import { createUser } from '../../test/factories.ts';
import { postStreamedSearch, streamLinesOf } from '../../test/search-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createPgliteTestDatabase, type TestDatabase } from '../../test/test-database.ts';

// Issue 32: a search whose database went away between the engine and the write could not give its
// in-flight slot back (the release failed too), so after the database returned the user got
// "You already have 2 searches running" and read one search too many until the reservation expired
// (10 minutes). The outage is simulated on PGlite at the point of the engine call: every query
// fails as a refused connection until the test lifts it.

let t: TestApp;
let database: TestDatabase;
let down = false;
/** How many of the next analyses take the database down while the engine runs. */
let failNext = 0;
const restore: Array<() => void> = [];

function refused(): Promise<never> {
  return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
}

/** What was refused while down: each statement's SQL, or "transaction". */
const refusedWork: string[] = [];

/** Every statement and transaction on the client fails while `down` is true. */
function breakable(client: PgliteClient): void {
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    const patched = (...args: unknown[]) => {
      if (!down) return original(...args);
      refusedWork.push(typeof args[0] === 'string' ? args[0] : name);
      return refused();
    };
    Object.assign(client, { [name]: patched });
    restore.push(() => Object.assign(client, { [name]: original }));
  }
}

beforeAll(async () => {
  const engine = createFakeEngine({
    gate: async () => {
      if (failNext > 0) {
        failNext--;
        down = true;
      }
    },
  });
  // The outage is simulated on PGlite's own handle, on both CI passes (the PostgreSQL one included).
  database = await createPgliteTestDatabase();
  // The auth cache on (tests default to off): a signed-in request then passes the guard without the
  // database, so a streamed search meets the outage in the search itself.
  t = await createTestApp({ database, env: { AUTH_CACHE_TTL_MS: '60000' }, overrides: { searchEngine: engine } });
  if (!t.db.pglite) throw new Error('this test runs on PGlite');
  breakable(t.db.pglite);
});
afterAll(async () => {
  down = false;
  for (const undo of restore) undo();
  await t.close();
  await database.close();
});

const search = (headers: Record<string, string>, query: string) =>
  t.app.inject({ method: 'POST', url: '/api/search', headers, payload: { query } });

describe('reservations held by a request the database failed', () => {
  it('are released once the database is back: no "searches running", usage not one high', async () => {
    const user = await createUser(t);
    failNext = SEARCHES_IN_FLIGHT_PER_USER;
    for (let i = 0; i < SEARCHES_IN_FLIGHT_PER_USER; i++) {
      down = false;
      const res = await search(user.headers, `dental scheduling ${String(i)}`);
      expect(res.statusCode, res.body).toBe(503);
    }
    down = false;
    // Back without any request: the held slots are given back on their own, within seconds.
    await expect
      .poll(async () => (await t.db.db.select().from(searchReservations)).length, { timeout: 10_000, interval: 200 })
      .toBe(0);
    const [row] = await t.db.db.select({ n: users.searchCount }).from(users).where(eq(users.id, user.user.id));
    expect(row?.n).toBe(0);
  });

  it('are released by the next request when it comes first', async () => {
    const user = await createUser(t);
    failNext = SEARCHES_IN_FLIGHT_PER_USER;
    for (let i = 0; i < SEARCHES_IN_FLIGHT_PER_USER; i++) {
      down = false;
      expect((await search(user.headers, `pet care ${String(i)}`)).statusCode).toBe(503);
    }
    down = false;
    const res = await search(user.headers, 'pet care again');
    expect(res.statusCode, res.body).toBe(200);
    const usage = await t.app.inject({ method: 'GET', url: '/api/user/usage', headers: user.headers });
    expect(usage.json<{ data: { searchesUsed: number } }>().data.searchesUsed).toBe(1);
  });
});

describe('a streamed search and the database', () => {
  it('down before the first line: the 503 envelope with Retry-After, exactly as without streaming', async () => {
    const user = await createUser(t);
    // Signed in once, so the guard reads the auth cache: the outage is met by the search itself.
    const usage = await t.app.inject({ method: 'GET', url: '/api/user/usage', headers: user.headers });
    expect(usage.statusCode).toBe(200);
    refusedWork.length = 0;
    down = true;
    const plain = await search(user.headers, 'dental scheduling plain');
    const streamed = await postStreamedSearch(t, user, 'dental scheduling streamed');
    down = false;
    expect(refusedWork.some((work) => /auth_guard_user|"jwt_tokens"/.test(work))).toBe(false);
    expect(refusedWork.some((work) => /"rate_limits"|"search_reservations"/.test(work))).toBe(true);
    expect(streamed.statusCode).toBe(503);
    expect(streamed.headers['content-type']).toMatch(/^application\/json/);
    expect(streamed.headers['retry-after']).toBe('5');
    expect(streamed.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(streamed.json()).toEqual(plain.json());
    expect(plain.statusCode).toBe(503);
    expect((await t.db.db.select().from(searchReservations)).length).toBe(0);
  });

  it('down after the first line: the last line says SERVICE_UNAVAILABLE; back up, the next search streams', async () => {
    const user = await createUser(t);
    failNext = SEARCHES_IN_FLIGHT_PER_USER;
    for (let i = 0; i < SEARCHES_IN_FLIGHT_PER_USER; i++) {
      down = false;
      const res = await postStreamedSearch(t, user, `bakery stock ${String(i)}`);
      expect(res.statusCode).toBe(200);
      const lines = streamLinesOf(res.body);
      expect(lines[0]).toEqual({ type: 'stage', stage: 'parsing' });
      expect(lines.at(-1)).toEqual({
        type: 'error',
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
      });
    }
    down = false;
    // Both failed searches held their slot when the database went; neither blocks the next one.
    const next = await postStreamedSearch(t, user, 'bakery stock again');
    expect(next.statusCode).toBe(200);
    expect(streamLinesOf(next.body).at(-1)).toMatchObject({ type: 'done', data: { upgradeRequired: false } });
    const usage = await t.app.inject({ method: 'GET', url: '/api/user/usage', headers: user.headers });
    expect(usage.json<{ data: { searchesUsed: number } }>().data.searchesUsed).toBe(1);
  });
});
