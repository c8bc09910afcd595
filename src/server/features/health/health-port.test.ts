import { afterAll, describe, expect, inject, it } from 'vitest';
import { degradedResponseSchema, healthyResponseSchema } from '#shared/api/health.schemas.ts';
import { fromPostgres } from '../../db/client.ts';
import { freePort } from '../../test/server-process.ts';
import { startTcpProxy } from '../../test/tcp-proxy.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createPgliteTestDatabase, createTestDatabase } from '../../test/test-database.ts';
import { startHealthListener, type HealthListener } from './health-listener.service.ts';

// HEALTH_PORT (docs/decisions/043): a thread of its own answers GET /api/health in the envelope and
// shape of the main port's, with the database asked on its own connection (PostgreSQL) or read from
// the request thread's handle on PGlite's worker thread (PGlite). "down" is a 503 a load balancer acts on, apart from "busy".

const silentLog = { error: () => undefined };
const listeners: HealthListener[] = [];
afterAll(async () => {
  await Promise.all(listeners.map((l) => l.close()));
});

type Answer = { status: number; ms: number; body: { success: boolean; data: Record<string, unknown> } };

async function ask(port: number): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${String(port)}/api/health`, { signal: AbortSignal.timeout(5_000) });
  return { status: res.status, ms: performance.now() - started, body: (await res.json()) as Answer['body'] };
}

/** Asks every 50 ms until an answer has `status`, for at most `withinMs`; every answer seen is returned. */
async function askUntil(port: number, status: number, withinMs: number): Promise<Answer[]> {
  const seen: Answer[] = [];
  const deadline = performance.now() + withinMs;
  while (performance.now() < deadline) {
    const answer = await ask(port);
    seen.push(answer);
    if (answer.status === status) return seen;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return seen;
}

describe('the health port of an app', () => {
  it('answers like GET /api/health once the app is ready, and stops with it', async () => {
    const port = await freePort();
    const t = await createTestApp({ env: { HOST: '127.0.0.1', HEALTH_PORT: String(port) } });
    let closed = false;
    try {
      const main = (await t.app.inject({ method: 'GET', url: '/api/health' })).json<Answer['body']>();
      const answer = await ask(port);
      expect(answer.status).toBe(200);
      const { data } = healthyResponseSchema.parse(answer.body);
      expect(data).toMatchObject({
        status: 'ok',
        busy: [],
        database: main.data.database,
        migrations: main.data.migrations,
        requestThread: { closing: false },
      });
      expect(data.migrations.upToDate).toBe(true);
      await t.close();
      closed = true;
      await expect(ask(port)).rejects.toThrow();
    } finally {
      if (!closed) await t.close();
    }
  });

  it('refuses to start on a port that is taken, naming it', async () => {
    const database = await createPgliteTestDatabase();
    const first = await startHealthListener({ host: '127.0.0.1', port: await freePort(), database, log: silentLog });
    listeners.push(first);
    await expect(
      startHealthListener({ host: '127.0.0.1', port: first.port, database, log: silentLog }),
    ).rejects.toThrow(`the health port ${String(first.port)} cannot listen`);
    await database.close();
  });
});

describe('the health port on PGlite', () => {
  it('is 503 "degraded" from the moment the server starts closing, and when PGlite is closed', async () => {
    const database = await createPgliteTestDatabase();
    const listener = await startHealthListener({ host: '127.0.0.1', port: await freePort(), database, log: silentLog });
    listeners.push(listener);
    const up = await askUntil(listener.port, 200, 5_000);
    expect(up.at(-1)?.body.data).toMatchObject({ status: 'ok', database: { kind: 'pglite', reachable: true } });

    listener.closing();
    const closing = await ask(listener.port);
    expect(closing.status).toBe(503);
    expect(degradedResponseSchema.parse(closing.body).data).toMatchObject({
      status: 'degraded',
      requestThread: { closing: true },
    });

    const other = await startHealthListener({ host: '127.0.0.1', port: await freePort(), database, log: silentLog });
    listeners.push(other);
    expect((await askUntil(other.port, 200, 5_000)).at(-1)?.status).toBe(200);
    await database.close();
    const down = await askUntil(other.port, 503, 2_000);
    expect(down.at(-1)?.status).toBe(503);
    expect(down.at(-1)?.body.data).toMatchObject({
      status: 'degraded',
      database: { kind: 'pglite', reachable: false },
    });
  });
});

// The PostgreSQL pass of CI (TEST_DATABASE_URL): the worker's own connection goes through a proxy
// the test takes down, like a stopped server.
if (inject('testDatabaseUrl')) {
  describe('the health port on PostgreSQL', () => {
    it('is 503 "degraded" within a second of PostgreSQL becoming unreachable, and 200 again when it returns', async () => {
      const real = await createTestDatabase();
      const target = new URL(real.url!);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const proxied = new URL(target);
      proxied.host = `127.0.0.1:${String(proxy.port)}`;
      const database = fromPostgres(proxied.toString(), { timeouts: { connectMs: 500, statementMs: 1_000 } });
      try {
        const listener = await startHealthListener({
          host: '127.0.0.1',
          port: await freePort(),
          database,
          log: silentLog,
        });
        listeners.push(listener);
        const up = await askUntil(listener.port, 200, 5_000);
        expect(up.at(-1)?.body.data).toMatchObject({ status: 'ok', database: { kind: 'postgres', reachable: true } });

        await proxy.down();
        const down = await askUntil(listener.port, 503, 3_000);
        expect(down.at(-1)?.status).toBe(503);
        expect(down.at(-1)?.body.data).toMatchObject({
          status: 'degraded',
          database: { kind: 'postgres', reachable: false },
        });
        // Down is told fast: no answer waited longer than the probe's budget (800 ms) and some slack.
        expect(Math.max(...down.map((a) => a.ms))).toBeLessThan(1_000);

        await proxy.up();
        const back = await askUntil(listener.port, 200, 5_000);
        expect(back.at(-1)?.status).toBe(200);
      } finally {
        await database.close();
        await proxy.close();
        await real.close();
      }
    });
  });
}
