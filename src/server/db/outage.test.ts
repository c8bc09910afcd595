import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SEARCHES_IN_FLIGHT_PER_USER } from '#shared/plans/plans.constants.ts';
import { originOf } from '../test/auth-helpers.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { createFakeEngine } from '../test/fake-engine.ts';
import { postStreamedSearch, streamLinesOf } from '../test/search-helpers.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/throwaway-postgres.ts';
import { fromPostgres } from './client.ts';
import { runMigrations } from './migrate.ts';
import { databaseUnavailableKind } from './unavailable.ts';
import { scaled } from '../test/timeouts.ts';

// A database that is down, frozen or too slow answers 503 SERVICE_UNAVAILABLE with Retry-After,
// fast, with one log line per outage kind — never a hang, a 500 or a stack per request. A streamed
// search answers that envelope before its first line, and ends in an error line after it.

const FAST = { connectMs: 300, statementMs: 500 };

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function errorOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected the query to fail');
}

describe('what counts as the database being unavailable', () => {
  it('a refused connection, through drizzle, is "refused"', async () => {
    const handle = fromPostgres(`postgres://postgres@127.0.0.1:${String(await closedPort())}/none`, { timeouts: FAST });
    const error = await errorOf(handle.db.execute(sql`select 1`));
    await handle.close();
    expect(databaseUnavailableKind(error)).toBe('refused');
  });

  it('a server that accepts and never answers (frozen) is a "timeout" within the connect bound', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const handle = fromPostgres(`postgres://postgres@127.0.0.1:${String(port)}/none`, { timeouts: FAST });
    const error = await errorOf(handle.db.execute(sql`select 1`));
    await handle.close();
    silent.close();
    expect(databaseUnavailableKind(error)).toBe('timeout');
  });

  it('a bug is not an outage', () => {
    expect(databaseUnavailableKind(new TypeError('x is undefined'))).toBeNull();
    expect(databaseUnavailableKind(Object.assign(new Error('dup'), { code: '23505' }))).toBeNull();
    expect(databaseUnavailableKind(null)).toBeNull();
  });
});

describe('the API while the database is unavailable', () => {
  const lines: string[] = [];
  let t: TestApp;
  let refusedUrl: string;
  beforeAll(async () => {
    refusedUrl = `postgres://postgres@127.0.0.1:${String(await closedPort())}/none`;
    const unreachable = fromPostgres(refusedUrl, { timeouts: FAST });
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(line) },
      // A route whose query goes to a database that refuses connections: the real driver error.
      extend: (app) => {
        app.get('/api/__outage-probe', async () => {
          await unreachable.db.execute(sql`select 1`);
          return { success: true, data: null };
        });
        app.addHook('onClose', () => unreachable.close());
      },
    });
  });
  afterAll(() => t.close());

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After in the envelope, and logs one line per outage kind for twenty requests', async () => {
    const before = lines.length;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/__outage-probe' })),
    );
    for (const res of responses) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    }
    const logged = lines.slice(before).filter((line) => line.includes('database unavailable'));
    // One line per kind of outage (a loaded machine may see a connect timeout beside the refusals).
    const kinds = logged.map((line) => (JSON.parse(line) as { outage: string }).outage);
    expect(logged.length).toBeGreaterThanOrEqual(1);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const line of logged) {
      expect(line).not.toContain('"stack"');
      expect(line).not.toContain(String(new URL(refusedUrl).port));
    }
  });
});

// Freezing and stopping a real PostgreSQL (through a proxy in front of it): the PostgreSQL pass of CI.
const adminUrl = inject('testDatabaseUrl');
/** Searches wait here after their first line while it is set (to stop PostgreSQL mid-stream). */
let searchGate: Promise<void> | null = null;
const searchEngine = createFakeEngine({ gate: () => searchGate ?? Promise.resolve() });
if (adminUrl) {
  describe('a frozen and a stopped PostgreSQL under the real app', () => {
    let proxy: TcpProxy;
    let t: TestApp;
    let throwaway: ThrowawayDatabase;
    beforeAll(async () => {
      throwaway = await createThrowawayDatabase(adminUrl, 'unbuilt_outage');
      const direct = new URL(throwaway.url);
      const migrator = fromPostgres(throwaway.url);
      await runMigrations(migrator);
      await migrator.close();
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const viaProxy = new URL(direct);
      viaProxy.port = String(proxy.port);
      const handle = fromPostgres(viaProxy.toString(), { timeouts: FAST });
      t = await createTestApp({ database: { ...handle, engineName: 'postgres' }, overrides: { searchEngine } });
    });
    afterAll(async () => {
      await t.close();
      await proxy.close();
      await throwaway.drop();
    });

    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: originOf(t) },
        payload: { email: 'nobody@example.test', password: 'Wrong-Password-123' },
      });

    async function recovers(): Promise<number> {
      const started = Date.now();
      for (;;) {
        const res = await t.app.inject({ method: 'GET', url: '/api/health' });
        if (res.statusCode === 200) return Date.now() - started;
        if (Date.now() - started > 5_000) throw new Error('no recovery within 5 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    it('frozen: requests answer 503 instead of hanging, health answers degraded, and it recovers on thaw', async () => {
      expect((await login()).statusCode).toBe(401);
      proxy.freeze();
      const res = await login();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ data: { database: { reachable: false } } });
      proxy.thaw();
      await recovers();
      expect((await login()).statusCode).toBe(401);
    });

    const streamedSearch = (user: TestUser, query: string) => postStreamedSearch(t, user, query);

    it('stopped: a streamed search is the 503 envelope before its first line, and streams again once it is back', async () => {
      const user = await createUser(t);
      await proxy.down();
      const refused = await streamedSearch(user, 'dental scheduling');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      await proxy.up();
      await recovers();
      const res = await streamedSearch(user, 'dental scheduling');
      expect(res.statusCode).toBe(200);
      expect(streamLinesOf(res.body).at(-1)).toMatchObject({ type: 'done', data: { upgradeRequired: false } });
    });

    it(`stopped after the first line of ${SEARCHES_IN_FLIGHT_PER_USER} streamed searches: each ends in SERVICE_UNAVAILABLE, and none blocks the next once it is back`, async () => {
      const user = await createUser(t);
      let open: () => void = () => undefined;
      searchGate = new Promise((resolve) => (open = resolve));
      const calls = searchEngine.calls;
      const running = Array.from({ length: SEARCHES_IN_FLIGHT_PER_USER }, (_, i) =>
        streamedSearch(user, `bakery stock ${String(i)}`),
      );
      // Both hold their reservation and have streamed their first line when PostgreSQL stops.
      await expect
        .poll(() => searchEngine.calls - calls, { timeout: scaled(10_000) })
        .toBe(SEARCHES_IN_FLIGHT_PER_USER);
      await proxy.down();
      open();
      for (const res of await Promise.all(running)) {
        expect(res.statusCode).toBe(200);
        const lines = streamLinesOf(res.body);
        expect(lines[0]).toEqual({ type: 'stage', stage: 'parsing' });
        expect(lines.at(-1)).toMatchObject({ type: 'error', code: 'SERVICE_UNAVAILABLE' });
      }
      searchGate = null;
      await proxy.up();
      await recovers();
      const next = await streamedSearch(user, 'bakery stock again');
      expect(next.statusCode, next.body).toBe(200);
      expect(streamLinesOf(next.body).at(-1)).toMatchObject({ type: 'done', data: { upgradeRequired: false } });
      const usage = await t.app.inject({ method: 'GET', url: '/api/user/usage', headers: user.headers });
      expect(usage.json<{ data: { searchesUsed: number } }>().data.searchesUsed).toBe(1);
    });

    it('stopped: requests answer 503, and it recovers when PostgreSQL is back', async () => {
      await proxy.down();
      const res = await login();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      await proxy.up();
      await recovers();
      expect((await login()).statusCode).toBe(401);
    });
  });
}
