import { createHash } from 'node:crypto';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { rowsOf } from '../../db/rows.ts';
import {
  createRegistry,
  type DeadLetter,
  type EnqueueOptions,
  type JobDefinition,
  type JobDeps,
  type JobQueue,
} from './job.ts';

// The job runner on PostgreSQL: pg-boss (SKIP LOCKED queues in its own `pgboss` schema, retries
// with backoff, cron schedules, crash recovery by expiry), on the app's own connection pool. Any
// number of instances can work the same queues; a job runs on one of them.

const SCHEMA = 'pgboss';
const POLLING_INTERVAL_SECONDS = 0.5;
const STOP_TIMEOUT_MS = 10_000;
// Any constant works; it only has to be the same for every instance of this app.
const START_LOCK_KEY = 724_133_902;

/** pg-boss ids are UUIDs: an idempotency key becomes a stable one (same name and key → same id). */
function idForKey(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function createPgBossQueue(options: { pool: pg.Pool }): JobQueue {
  const { pool } = options;
  const registry = createRegistry();
  // Every statement pg-boss sends, tracked until it settles. pg-boss's graceful stop waits for the
  // handlers it knows are running, but not for a fetch already in flight: that fetch can return a job
  // after stop, whose handler then runs and whose completion (not awaited inside pg-boss) reaches a
  // pool the app has ended: an unhandled rejection (seen in CI). stop() drains these too.
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    const settle = () => inFlight.delete(work);
    work.then(settle, settle);
    return work;
  };
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => track(pool.query(text, values)) },
    schema: SCHEMA,
    // The maintenance loop keeps finished jobs a week, failed ones (the dead letters) a month.
    archiveCompletedAfterSeconds: 7 * 24 * 3600,
    archiveFailedAfterSeconds: 30 * 24 * 3600,
  });
  const workers = new Map<string, string>();
  let deps: JobDeps | null = null;

  async function enqueue<P>(definition: JobDefinition<P>, payload: P, opts: EnqueueOptions = {}) {
    const data = definition.payload.parse(payload) as object;
    const id = await boss.send(definition.name, data, {
      ...(opts.key ? { id: idForKey(definition.name, opts.key) } : {}),
      ...(opts.delaySeconds ? { startAfter: opts.delaySeconds } : {}),
    });
    // Wake this instance's worker instead of waiting for its next poll.
    const workerId = workers.get(definition.name);
    if (id && workerId) boss.notifyWorker(workerId);
    return id;
  }

  async function startWorker(definition: JobDefinition<unknown>, current: JobDeps): Promise<void> {
    const queue = {
      policy: 'standard' as const,
      retryLimit: definition.retry.limit,
      retryDelay: definition.retry.delaySeconds,
      retryBackoff: definition.retry.backoff,
      expireInSeconds: definition.timeoutSeconds,
    };
    await boss.createQueue(definition.name, { name: definition.name, ...queue });
    await boss.updateQueue(definition.name, { name: definition.name, ...queue });
    const workerId = await boss.work<unknown>(
      definition.name,
      { batchSize: 1, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        const parsed = definition.payload.safeParse(job.data);
        if (!parsed.success) {
          current.log.error({ job: job.name, jobId: job.id }, 'job payload does not match its schema');
          throw new Error(`Invalid payload: ${parsed.error.message}`);
        }
        try {
          await track(definition.handle(parsed.data, { jobId: job.id, attempt: job.retryCount + 1, deps: current }));
        } catch (error) {
          current.log.warn({ job: job.name, jobId: job.id, attempt: job.retryCount + 1, err: error }, 'job failed');
          throw error;
        }
      },
    );
    workers.set(definition.name, workerId);
    if (definition.schedule) await boss.schedule(definition.name, definition.schedule, {}, { tz: 'UTC' });
  }

  return {
    kind: 'pg-boss',
    register: (definition) => registry.add(definition),
    registeredNames: () => [...registry.definitions.keys()],
    enqueue,
    enqueueByName: async (name, payload, opts) => enqueue(registry.get(name), payload, opts),
    listDeadLetters: async ({ name, limit = 50 } = {}): Promise<DeadLetter[]> => {
      const names = name ? [name] : [...registry.definitions.keys()];
      const result = await pool.query(
        `select id, name, data, output, retry_count, completed_on from (
           select id, name, data, output, retry_count, completed_on, state from ${SCHEMA}.job where name = any($1)
           union all
           select id, name, data, output, retry_count, completed_on, state from ${SCHEMA}.archive where name = any($1)
         ) j where state = 'failed' order by completed_on desc nulls last limit $2`,
        [names, limit],
      );
      return rowsOf<{
        id: string;
        name: string;
        data: unknown;
        output: { message?: string } | null;
        retry_count: number;
        completed_on: Date | null;
      }>(result).map((r) => ({
        id: r.id,
        name: r.name,
        payload: r.data,
        error: r.output?.message ?? null,
        attempts: r.retry_count + 1,
        failedAt: r.completed_on?.toISOString() ?? null,
      }));
    },
    start: async (current) => {
      deps = current;
      boss.on('error', (error) => deps?.log.error({ err: error }, 'job queue error'));
      // Instances starting together on an empty database race to create pg-boss's schema (seen
      // here: a duplicate-key error on the schema name). One at a time, under a session lock.
      const client = await pool.connect();
      client.on('error', () => undefined);
      try {
        await client.query('SELECT pg_advisory_lock($1)', [START_LOCK_KEY]);
        try {
          await boss.start();
          for (const definition of registry.definitions.values()) await startWorker(definition, current);
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [START_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    stop: async () => {
      if (!deps) return;
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS, close: false });
      // A fetch that was in flight may still start a handler, and a finished handler's completion is
      // sent a tick later: wait until nothing pg-boss started is pending, bounded like the stop itself.
      const deadline = Date.now() + STOP_TIMEOUT_MS;
      while (Date.now() < deadline) {
        await new Promise((resolve) => setImmediate(resolve));
        if (inFlight.size === 0) break;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...inFlight]),
          new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now())))),
        ]);
        clearTimeout(timer);
      }
      deps = null;
    },
  };
}
