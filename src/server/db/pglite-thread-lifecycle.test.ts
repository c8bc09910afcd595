import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPgliteThread } from './client.ts';
import type { PgliteThread } from './pglite-thread.ts';
import { databaseUnavailableKind } from './unavailable.ts';
import { pgliteThreads } from '../test/pglite-threads.ts';
import { createTestApp } from '../test/test-app.ts';

// The server's PGlite worker thread (pglite-thread.ts, docs/decisions/065 and 067) as it ends: closed
// after the statements in flight, or stopped (a crash) and replaced by a new worker on the same folder.
// What it answers while it serves: pglite-thread.test.ts.

const { seededDir, newThread, cleanUp } = pgliteThreads();
afterAll(cleanUp);

describe('the worker thread', () => {
  it('closes after the statements in flight, refuses later ones, and what they wrote is on disk', async () => {
    const dir = await seededDir();
    const thread = await newThread(dir);
    await thread.query('create table kept (n int)');
    const inFlight = Array.from({ length: 20 }, (_, i) => thread.query('insert into kept values ($1)', [i]));
    const closing = thread.close();
    const late = thread.query('select 1').catch((error: unknown) => (error as Error).message);
    expect(await Promise.all(inFlight.map((p) => p.then((r) => r.affectedRows)))).toEqual(Array(20).fill(1));
    await closing;
    expect(thread.closed).toBe(true);
    expect(await late).toMatch(/PGlite is clos/);
    const again = await newThread(dir);
    expect((await again.query<{ n: number }>('select count(*)::int as n from kept')).rows[0]?.n).toBe(20);
    await again.close();
  });

  describe('that stops', () => {
    // One thread for both (a start takes seconds on a busy machine): stopped and replaced, then
    // stopped and closed. No wait before a restart: the order of events is what is checked.
    let thread: PgliteThread;
    beforeAll(async () => {
      thread = await newThread(undefined, { firstMs: 0, maxMs: 0 });
    });

    it('rejects the calls in flight and later ones as an outage and reads as closed, then a new worker serves what was committed and the LISTENs', async () => {
      const handle = fromPgliteThread(thread);
      await thread.exec('create table kept (n int)');
      await thread.transaction(async (tx) => {
        await tx.query('insert into kept values (1)');
      });
      await thread.query('insert into kept values (2)');
      expect(Number.isFinite(handle.lastAnsweredAt?.())).toBe(true);
      const heard: string[] = [];
      await thread.listen('kept', (payload) => heard.push(payload));
      const restarted = new Promise<void>((resolve) => thread.onRestarted(resolve));
      const stopped = thread.worker;

      const inFlight = thread.query('select pg_sleep(5)').catch((error: unknown) => error);
      const queued = thread.transaction((tx) => tx.query('select 1')).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = performance.now();
      await stopped.terminate();
      const errors = await Promise.all([inFlight, queued, thread.query('select 1').catch((error: unknown) => error)]);
      expect(performance.now() - started).toBeLessThan(2_000);
      for (const error of errors) {
        expect(error).toMatchObject({ code: '08006' });
        expect(databaseUnavailableKind(error)).toBe('dropped');
      }
      expect(thread.closed).toBe(true);
      expect(handle.lastAnsweredAt?.()).toBe(Number.NEGATIVE_INFINITY);

      await restarted;
      expect(thread.closed).toBe(false);
      expect(thread.worker).not.toBe(stopped);
      expect((await thread.query<{ n: number }>('select n from kept order by n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
      expect(Number.isFinite(handle.lastAnsweredAt?.())).toBe(true);
      await thread.query(`select pg_notify('kept', 'after the restart')`);
      expect(heard).toEqual(['after the restart']);
    });

    it('is not replaced once close() is called, even while its replacement is starting', async () => {
      let restarts = 0;
      thread.onRestarted(() => restarts++);
      const stopped = thread.worker;
      await stopped.terminate();
      // The restart's timer (0 ms) fires before this one: a new worker is being started.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await thread.close();
      expect(restarts).toBe(0);
      expect(thread.worker).toBe(stopped);
      expect(thread.closed).toBe(true);
      await expect(thread.query('select 1')).rejects.toThrow();
    });
  });

  it('that stops makes /api/health report the database down and requests answer 503, until it is replaced', async () => {
    const thread = await newThread();
    const t = await createTestApp({ database: { ...fromPgliteThread(thread), engineName: 'pglite' } });
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.test', password: 'Violet-Harbour-Lantern-42' },
      });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const restarted = new Promise<void>((resolve) => thread.onRestarted(resolve));
      await thread.worker.terminate();
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ data: { database: { kind: 'pglite', reachable: false } } });
      expect((await login()).statusCode).toBe(503);
      // A new worker on the same folder (docs/decisions/067): up again, and the app with it.
      await restarted;
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await login()).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
