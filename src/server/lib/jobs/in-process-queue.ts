import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jobSchedules, jobs, type JobRow } from '../../db/schema/index.ts';
import { nextCronRun } from './cron.ts';
import {
  createRegistry,
  errorText,
  retryDelayMs,
  type DeadLetter,
  type EnqueueOptions,
  type JobDefinition,
  type JobDeps,
  type JobQueue,
} from './job.ts';

// The job runner for PGlite: the queue is a table in the app's own database (so jobs survive a
// restart), worked by this process one job at a time (PGlite has one connection and one process).
// Times come from the app clock, so tests can move a retry or a schedule forward.

const POLL_MS = 1000;
const RECOVER_EVERY_MS = 60_000;
const STOP_GRACE_MS = 10_000;

export function createInProcessQueue(options: { db: Database; pollMs?: number }): JobQueue {
  const { db } = options;
  const pollMs = options.pollMs ?? POLL_MS;
  const registry = createRegistry();
  let deps: JobDeps | null = null;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  const now = () => deps?.clock.now() ?? new Date();

  async function enqueue<P>(definition: JobDefinition<P>, payload: P, opts: EnqueueOptions = {}) {
    const at = now();
    const rows = await db
      .insert(jobs)
      .values({
        id: randomUUID(),
        name: definition.name,
        payload: definition.payload.parse(payload),
        key: opts.key ?? null,
        maxAttempts: definition.retry.limit + 1,
        retryDelayMs: definition.retry.delaySeconds * 1000,
        retryBackoff: definition.retry.backoff,
        runAt: new Date(at.getTime() + (opts.delaySeconds ?? 0) * 1000),
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: jobs.id });
    wake?.();
    return rows[0]?.id ?? null;
  }

  /** Claims the next due job: one statement, so two ticks never take the same one. */
  async function claim(): Promise<JobRow | null> {
    const at = now();
    const [row] = await db
      .update(jobs)
      .set({ state: 'active', attempts: sql`${jobs.attempts} + 1`, startedAt: at })
      .where(
        eq(
          jobs.id,
          sql`(select ${jobs.id} from ${jobs} where ${jobs.state} = 'created' and ${jobs.runAt} <= ${at.toISOString()}::timestamptz order by ${jobs.runAt}, ${jobs.createdAt} limit 1 for update skip locked)`,
        ),
      )
      .returning();
    return row ?? null;
  }

  async function finish(row: JobRow, error: unknown): Promise<void> {
    const at = now();
    if (error === undefined) {
      await db.update(jobs).set({ state: 'completed', finishedAt: at, lastError: null }).where(eq(jobs.id, row.id));
      return;
    }
    const isSpent = row.attempts >= row.maxAttempts;
    const policy = { limit: row.maxAttempts - 1, delaySeconds: row.retryDelayMs / 1000, backoff: row.retryBackoff };
    await db
      .update(jobs)
      .set(
        isSpent
          ? { state: 'failed', finishedAt: at, lastError: errorText(error) }
          : {
              state: 'created',
              runAt: new Date(at.getTime() + retryDelayMs(policy, row.attempts)),
              lastError: errorText(error),
            },
      )
      .where(eq(jobs.id, row.id));
    deps?.log.warn({ job: row.name, jobId: row.id, attempt: row.attempts, spent: isSpent, err: error }, 'job failed');
  }

  async function runOne(row: JobRow, current: JobDeps): Promise<void> {
    const definition = registry.definitions.get(row.name);
    if (!definition) {
      await finish({ ...row, attempts: row.maxAttempts }, new Error(`No job named "${row.name}" is registered.`));
      return;
    }
    const parsed = definition.payload.safeParse(row.payload);
    if (!parsed.success) {
      // A payload the definition cannot read will not get better by retrying.
      await finish({ ...row, attempts: row.maxAttempts }, new Error(`Invalid payload: ${parsed.error.message}`));
      return;
    }
    try {
      await definition.handle(parsed.data, { jobId: row.id, attempt: row.attempts, deps: current });
      await finish(row, undefined);
    } catch (error) {
      await finish(row, error ?? new Error('job failed'));
    }
  }

  /** Enqueues each schedule's due run (the slot's time is the idempotency key). */
  async function fireSchedules(): Promise<void> {
    const at = now();
    const due = await db.select().from(jobSchedules).where(lte(jobSchedules.nextRunAt, at));
    for (const schedule of due) {
      const definition = registry.definitions.get(schedule.name);
      if (!definition?.schedule) continue;
      const [claimed] = await db
        .update(jobSchedules)
        .set({ nextRunAt: nextCronRun(definition.schedule, at) })
        .where(and(eq(jobSchedules.name, schedule.name), eq(jobSchedules.nextRunAt, schedule.nextRunAt)))
        .returning();
      if (claimed) await enqueue(definition, {}, { key: `schedule:${schedule.nextRunAt.toISOString()}` });
    }
  }

  /** Jobs left active by a process that died (or ran past their timeout) go back to the queue. */
  async function recoverStalled(): Promise<void> {
    const at = now();
    for (const definition of registry.definitions.values()) {
      const stalledBefore = new Date(at.getTime() - definition.timeoutSeconds * 1000);
      await db
        .update(jobs)
        .set({ state: 'created', runAt: at, lastError: 'interrupted (the process stopped or the job timed out)' })
        .where(and(eq(jobs.name, definition.name), eq(jobs.state, 'active'), lt(jobs.startedAt, stalledBefore)));
    }
  }

  async function work(current: JobDeps): Promise<void> {
    let lastRecovery = 0;
    while (running) {
      try {
        if (Date.now() - lastRecovery >= RECOVER_EVERY_MS) {
          lastRecovery = Date.now();
          await recoverStalled();
        }
        await fireSchedules();
        let row = await claim();
        while (row && running) {
          await runOne(row, current);
          row = await claim();
        }
      } catch (error) {
        current.log.error({ err: error }, 'job runner tick failed');
      }
      if (!running) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, pollMs);
      });
      wake = null;
    }
  }

  async function syncSchedules(at: Date): Promise<void> {
    for (const definition of registry.definitions.values()) {
      if (!definition.schedule) continue;
      await db
        .insert(jobSchedules)
        .values({ name: definition.name, cron: definition.schedule, nextRunAt: nextCronRun(definition.schedule, at) })
        .onConflictDoUpdate({
          target: jobSchedules.name,
          set: { cron: definition.schedule },
          setWhere: sql`${jobSchedules.cron} <> ${definition.schedule}`,
        });
    }
  }

  return {
    kind: 'in-process',
    register: (definition) => registry.add(definition),
    registeredNames: () => [...registry.definitions.keys()],
    enqueue,
    enqueueByName: async (name, payload, opts) => enqueue(registry.get(name), payload, opts),
    listDeadLetters: async ({ name, limit = 50 } = {}): Promise<DeadLetter[]> => {
      const rows = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.state, 'failed'), name ? eq(jobs.name, name) : undefined))
        .orderBy(desc(jobs.finishedAt))
        .limit(limit);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        payload: r.payload,
        error: r.lastError,
        attempts: r.attempts,
        failedAt: r.finishedAt?.toISOString() ?? null,
      }));
    },
    start: async (current) => {
      deps = current;
      // This process is the only one on a PGlite folder: anything active was cut off by a stop.
      await db
        .update(jobs)
        .set({ state: 'created', lastError: 'interrupted (the process stopped)' })
        .where(eq(jobs.state, 'active'));
      await syncSchedules(current.clock.now());
      running = true;
      loop = work(current);
    },
    stop: async () => {
      running = false;
      if (timer) clearTimeout(timer);
      wake?.();
      if (loop) await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS))]);
      loop = null;
    },
  };
}
