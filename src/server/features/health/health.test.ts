import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

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

// The PostgreSQL pass of CI (TEST_DATABASE_URL): the test database's pool holds 20 connections.
if (inject('testDatabaseUrl')) {
  describe('health with every pooled PostgreSQL connection taken', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

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
