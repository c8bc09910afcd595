import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { createClock } from '../platform/clock.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { testEnv } from '../../test/test-env.ts';
import { defineJob, type JobDeps } from './job.ts';
import { createJobQueue } from './job-queue.ts';
import { createPgBossQueue } from './pg-boss-queue.ts';

// Stopping the job runner while a job is being picked up: whatever the runner started finishes
// before stop() resolves, so an app that closes its database right after never sees a late query
// (CI once failed on an unhandled "Cannot use a pool after calling end" from pg-boss).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function depsFor(db: TestDatabase): JobDeps {
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };
  return {
    db: db.db,
    clock: createClock(),
    env: testEnv(),
    mailer: { send: async () => undefined } as unknown as JobDeps['mailer'],
    log: { ...silent, child: () => silent } as unknown as JobDeps['log'],
    secret: 'stop-test-secret',
  };
}

describe('stopping the job runner', () => {
  it('waits for a handler that started, and starts none after it has stopped', async () => {
    let stopped = false;
    let startedAfterStop = 0;
    let running = 0;
    const slow = defineJob({
      name: 'test.stop-slow',
      payload: z.object({ n: z.number() }),
      handle: async () => {
        if (stopped) startedAfterStop++;
        running++;
        await sleep(80);
        running--;
      },
    });
    for (let round = 0; round < 3; round++) {
      stopped = false;
      const queue = createJobQueue(database);
      queue.register(slow);
      await queue.start(depsFor(database));
      await queue.enqueue(slow, { n: round });
      await sleep(round * 40);
      await queue.stop();
      stopped = true;
      expect(running, `round ${round}`).toBe(0);
    }
    await sleep(1_200);
    expect(startedAfterStop).toBe(0);
  });
});

// PostgreSQL only (the PostgreSQL pass of CI): pg-boss runs nowhere else.
if (inject('testDatabaseUrl')) {
  describe('stopping pg-boss while a fetch is in flight', () => {
    it('sends no statement once stop() has resolved, so the pool can be ended at once', async () => {
      const pool = database.pool!;
      let stopped = false;
      let lateStatements = 0;
      // The app's pool, counting what pg-boss sends after its stop resolved, with the fetch of a job
      // slowed down as on a loaded machine, so that it is still in flight when stop() is called.
      const counting = {
        query: async (text: string, values?: unknown[]) => {
          if (stopped) lateStatements++;
          if (/skip locked/i.test(text)) await sleep(300);
          return pool.query(text, values);
        },
        connect: () => pool.connect(),
      } as unknown as pg.Pool;
      const quick = defineJob({
        name: 'test.stop-quick',
        payload: z.object({ n: z.number() }),
        handle: async () => {
          await sleep(5);
        },
      });
      for (let round = 0; round < 12; round++) {
        stopped = false;
        const queue = createPgBossQueue({ pool: counting });
        queue.register(quick);
        await queue.start(depsFor(database));
        // Enqueueing wakes the worker: its fetch is in flight when stop() is called.
        await queue.enqueue(quick, { n: round });
        await queue.stop();
        stopped = true;
      }
      await sleep(1_200);
      expect(lateStatements).toBe(0);
    });
  });
}
