import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '../../db/rows.ts';
import { jobSchedules } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { defineJob, type JobQueue } from './job.ts';

// The job contract, against the runner this database gets: pg-boss on PostgreSQL (the PostgreSQL
// pass of CI), the in-process runner on PGlite. Same definitions, same expectations.

const seen: { job: string; payload: unknown; attempt: number }[] = [];
const record = (job: string) => async (payload: unknown, context: { attempt: number }) => {
  seen.push({ job, payload, attempt: context.attempt });
};
const runsOf = (job: string) => seen.filter((s) => s.job === job);

const echoJob = defineJob({
  name: 'test.echo',
  payload: z.object({ word: z.string().min(1), times: z.number().int() }),
  handle: record('echo'),
});

let flakyFailuresLeft = 2;
const flakyJob = defineJob({
  name: 'test.flaky',
  payload: z.object({ n: z.number() }),
  retry: { limit: 3, delaySeconds: 1, backoff: true },
  handle: async (payload, context) => {
    seen.push({ job: 'flaky', payload, attempt: context.attempt });
    if (flakyFailuresLeft-- > 0) throw new Error('flaky says no');
  },
});

const doomedJob = defineJob({
  name: 'test.doomed',
  payload: z.object({ reason: z.string() }),
  retry: { limit: 1, delaySeconds: 1, backoff: false },
  handle: async (payload, context) => {
    seen.push({ job: 'doomed', payload, attempt: context.attempt });
    throw new Error(`doomed: ${payload.reason}`);
  },
});

const scheduledJob = defineJob({
  name: 'test.every-minute',
  payload: z.object({}),
  schedule: '* * * * *',
  handle: record('scheduled'),
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the job runner');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let t: TestApp;
let jobs: JobQueue;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.deps.jobs.register(echoJob);
      app.deps.jobs.register(flakyJob);
      app.deps.jobs.register(doomedJob);
      app.deps.jobs.register(scheduledJob);
    },
  });
  jobs = t.app.deps.jobs;
});
afterAll(() => t.close());

describe('the job queue', () => {
  it('uses pg-boss on PostgreSQL and the in-process runner on PGlite', () => {
    expect(jobs.kind).toBe(t.db.engineName === 'postgres' ? 'pg-boss' : 'in-process');
  });

  it('runs a job once with its typed payload, and refuses a payload its schema rejects', async () => {
    const id = await jobs.enqueue(echoJob, { word: 'hello', times: 2 });
    expect(id).toEqual(expect.any(String));
    await until(() => runsOf('echo').length === 1);
    expect(runsOf('echo')[0]).toMatchObject({ payload: { word: 'hello', times: 2 }, attempt: 1 });
    await expect(jobs.enqueue(echoJob, { word: '', times: 1 })).rejects.toThrow();
    await expect(jobs.enqueueByName('test.echo', { word: 'x' })).rejects.toThrow();
    await expect(jobs.enqueueByName('test.nope', {})).rejects.toThrow('No job named "test.nope"');
  });

  it('queues a job once per idempotency key', async () => {
    const first = await jobs.enqueue(echoJob, { word: 'keyed', times: 1 }, { key: 'order-42' });
    const second = await jobs.enqueue(echoJob, { word: 'keyed', times: 1 }, { key: 'order-42' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    await until(() => runsOf('echo').some((s) => (s.payload as { word: string }).word === 'keyed'));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runsOf('echo').filter((s) => (s.payload as { word: string }).word === 'keyed')).toHaveLength(1);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    await jobs.enqueue(flakyJob, { n: 1 });
    await until(() => runsOf('flaky').length === 3);
    expect(runsOf('flaky').map((s) => s.attempt)).toEqual([1, 2, 3]);
    expect(await jobs.listDeadLetters({ name: 'test.flaky' })).toEqual([]);
  });

  it('keeps a job whose attempts are spent as a dead letter you can list', async () => {
    await jobs.enqueue(doomedJob, { reason: 'no such customer' });
    await until(async () => (await jobs.listDeadLetters({ name: 'test.doomed' })).length === 1);
    expect(runsOf('doomed')).toHaveLength(2);
    const [dead] = await jobs.listDeadLetters();
    expect(dead).toMatchObject({
      name: 'test.doomed',
      payload: { reason: 'no such customer' },
      attempts: 2,
      error: 'doomed: no such customer',
    });
    expect(dead?.failedAt).toEqual(expect.any(String));
  });

  it('runs scheduled jobs on their cron schedule', async () => {
    if (jobs.kind === 'in-process') {
      // The in-process runner reads the app clock: one minute later, the schedule has fired once. The
      // clock keeps ticking and the schedule may already have fired for a minute that passed while
      // earlier tests ran, so: put the clock mid-minute, pin the next slot to the coming boundary, let
      // any run already due finish, then count the runs the one-minute jump adds.
      const minute = Math.floor(t.clock.now().getTime() / 60_000) * 60_000;
      t.clock.set(new Date(minute + 30_000));
      await t.db.db
        .update(jobSchedules)
        .set({ nextRunAt: new Date(minute + 60_000) })
        .where(eq(jobSchedules.name, 'test.every-minute'));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const before = runsOf('scheduled').length;
      t.clock.advance(61_000);
      await until(() => runsOf('scheduled').length === before + 1);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(runsOf('scheduled')).toHaveLength(before + 1);
    } else {
      // pg-boss fires schedules from the database clock; here it must at least hold the schedule.
      const rows = rowsOf<{ name: string; cron: string; timezone: string }>(
        await t.db.db.execute(sql`select name, cron, timezone from pgboss.schedule where name = 'test.every-minute'`),
      );
      expect(rows).toEqual([{ name: 'test.every-minute', cron: '* * * * *', timezone: 'UTC' }]);
    }
  });
});
