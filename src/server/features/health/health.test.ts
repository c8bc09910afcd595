import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fromPostgres, HEALTH_PROBE_MS } from '../../db/client.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { scaled } from '../../test/timeouts.ts';
import { probe } from './health.routes.ts';

// /api/health: down is a 503 a load balancer acts on; on PostgreSQL the probe has a connection of
// its own, so requests holding every pooled connection never make the instance read as down
// (before, health borrowed from the same pool and answered 503 "unreachable" under load).

describe('health when the database is gone', () => {
  it('answers 503 "degraded" with the database unreachable (a load balancer stops routing here)', async () => {
    const database = await createTestDatabase();
    const t = await createTestApp({ database });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await database.close();
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({
        success: false,
        data: { status: 'degraded', busy: [], database: { reachable: false } },
      });
    } finally {
      await t.close();
    }
  });
});

describe('a PostgreSQL probe that runs out of time', () => {
  const upToDate = { applied: 3, expected: 3, upToDate: true };
  /** A handle whose probe never answers, and whose pool last heard from the server at `heardAt()`. */
  const silentProbe = (heardAt: () => number): DatabaseHandle =>
    ({
      kind: 'postgres',
      probe: { execute: () => new Promise(() => undefined) },
      answeredWithin: (ms: number) => performance.now() - heardAt() <= ms,
    }) as unknown as DatabaseHandle;

  it('is not an outage when the pool heard from the server while it waited (the wait was this process’s)', async () => {
    let heard = Number.NEGATIVE_INFINITY;
    const result = probe(
      silentProbe(() => heard),
      upToDate,
    );
    setTimeout(() => (heard = performance.now()), HEALTH_PROBE_MS / 2);
    expect(await result).toEqual({ outcome: 'answered', migrations: upToDate });
  });

  it('is an outage when nothing was heard since it began', async () => {
    const before = performance.now() - 300;
    expect(
      await probe(
        silentProbe(() => before),
        upToDate,
      ),
    ).toEqual({ outcome: 'failed' });
  });
});

// The PostgreSQL pass of CI (TEST_DATABASE_URL): the test database's pool holds 20 connections.
if (inject('testDatabaseUrl')) {
  describe('health with every pooled PostgreSQL connection taken', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('takes a pool that just heard from PostgreSQL as reachable, without a probe round trip', async () => {
      const nowhere = fromPostgres('postgres://postgres@127.0.0.1:9/none', {
        timeouts: { connectMs: 300, statementMs: 500 },
      });
      const database = { ...t.db };
      const probed = await createTestApp({ database });
      try {
        // Migrations checked once on the real probe (asked again while a loaded machine keeps a fresh
        // connection and the migration count past the probe's 800 ms); from here the probe's connection
        // goes nowhere, so only the pool's own traffic can make health say reachable.
        const status = async () => (await probed.app.inject({ method: 'GET', url: '/api/health' })).statusCode;
        await expect.poll(status, { timeout: scaled(10_000), interval: 100 }).toBe(200);
        database.probe = nowhere.db;
        // The pool answers, then health is asked: "just" is 250 ms, which a loaded machine can let pass
        // between the two, so the pair is tried again until one fits. With the pool's answers ignored,
        // every try is a 503 (the probe cannot connect), and this fails.
        const afterPoolAnswered = async () => {
          await probed.db.db.execute(sql`select 1`);
          return probed.app.inject({ method: 'GET', url: '/api/health' });
        };
        let health: Awaited<ReturnType<typeof afterPoolAnswered>> | undefined;
        await expect
          .poll(
            async () => {
              health = await afterPoolAnswered();
              return health.statusCode;
            },
            { timeout: scaled(10_000), interval: 50 },
          )
          .toBe(200);
        expect(health?.json().data).toMatchObject({ database: { kind: 'postgres', reachable: true } });
      } finally {
        await probed.app.close();
        await nowhere.close();
      }
    });

    it('a pool hears from PostgreSQL only while it answers: silence or its end bring the probe back', async () => {
      const handle = fromPostgres(inject('testDatabaseUrl')!);
      expect(handle.answeredWithin?.(250)).toBe(false);
      await handle.db.execute(sql`select 1`);
      expect(handle.answeredWithin?.(250)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(handle.answeredWithin?.(250)).toBe(false);
      await handle.db.execute(sql`select 1`);
      await handle.close();
      expect(handle.answeredWithin?.(250)).toBe(false);
    });

    it('answers 200 with the database reachable while requests wait for a pooled connection', async () => {
      // More sleepers than connections: every pooled connection is taken for 1.5 s, longer than the probe budget.
      let released = false;
      const holding = Promise.all(Array.from({ length: 25 }, () => t.db.db.execute(sql`select pg_sleep(1.5)`))).then(
        () => (released = true),
      );
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      const answeredWhileHeld = !released;
      await holding;
      expect(answeredWhileHeld).toBe(true);
      expect(health.statusCode).toBe(200);
      expect(health.json().data).toMatchObject({
        status: 'busy',
        busy: ['database'],
        database: { kind: 'postgres', reachable: true },
      });
    });
  });
}
