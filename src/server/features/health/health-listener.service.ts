import { Worker } from 'node:worker_threads';
import { HEALTH_PROBE_MS, type DatabaseHandle } from '../../db/client.ts';
import { migrationStatus } from '../../db/migrate.ts';
import { HEARTBEAT_EVERY_MS } from './health-answer.logic.ts';
import {
  clockNow,
  createSignalBuffer,
  FLAGS,
  writeDatabaseAnswered,
  writeSignals,
  type FromHealthWorker,
  type HealthSignals,
  type HealthWorkerData,
  type ToHealthWorker,
} from './health-signals.logic.ts';

// The request thread's side of the health port (docs/decisions/043): starts the health worker,
// writes its heartbeat and state into the shared buffer every HEARTBEAT_EVERY_MS, tells the worker
// the server is closing, and starts it again if it dies.

const WORKER_URL = new URL('./health-worker.mjs', import.meta.url);
const RESPAWN_AFTER_MS = 1_000;

export type HealthListener = {
  /** The port the health worker listens on. */
  port: number;
  /** The server is shutting down: the health port answers 503 from now on. */
  closing: () => void;
  close: () => Promise<void>;
};

export type HealthListenerOptions = {
  host: string;
  port: number;
  database: DatabaseHandle;
  /** Whether every engine worker is taken (read on each heartbeat). */
  engineSaturated?: () => boolean;
  log: { error: (details: object, message: string) => void };
  /** The worker script (tests may point elsewhere). */
  workerUrl?: URL;
};

export async function startHealthListener(options: HealthListenerOptions): Promise<HealthListener> {
  const { database } = options;
  const buffer = createSignalBuffer();
  let migrations: HealthSignals['migrations'] = null;
  let readingMigrations = false;
  let closing = false;
  let closed = false;

  const readMigrations = () => {
    if (migrations?.upToDate || readingMigrations) return;
    readingMigrations = true;
    // Applied migrations stay applied for this build: read once, retried on later beats until it answers.
    void migrationStatus(database)
      .then((status) => {
        migrations = status;
      })
      .catch(() => undefined)
      .finally(() => {
        readingMigrations = false;
      });
  };

  const beat = () => {
    readMigrations();
    const answeredAt = database.lastAnsweredAt?.() ?? Number.NEGATIVE_INFINITY;
    let flags = 0;
    if (database.pglite?.closed) flags |= FLAGS.databaseClosed;
    if (options.engineSaturated?.()) flags |= FLAGS.engineSaturated;
    if ((database.pool?.waitingCount ?? 0) > 0) flags |= FLAGS.databaseWaiting;
    if (closing) flags |= FLAGS.closing;
    writeSignals(buffer, {
      heartbeatAt: clockNow(),
      databaseAnsweredAt: Number.isFinite(answeredAt) ? performance.timeOrigin + answeredAt : 0,
      flags,
      migrations,
    });
  };
  beat();
  database.onAnswered?.(() => {
    if (!closed) writeDatabaseAnswered(buffer, clockNow());
  });
  const heartbeat = setInterval(beat, HEARTBEAT_EVERY_MS);
  heartbeat.unref();

  const workerData: HealthWorkerData = {
    buffer,
    kind: database.kind,
    host: options.host,
    port: options.port,
    probeMs: HEALTH_PROBE_MS,
    ...(database.url ? { databaseUrl: database.url } : {}),
  };
  let worker: Worker | null = null;

  /** Starts a worker; resolves with its port once it listens, rejects if it cannot. */
  const spawn = (): Promise<number> =>
    new Promise((resolve, reject) => {
      const current = new Worker(options.workerUrl ?? WORKER_URL, { workerData });
      current.unref();
      worker = current;
      let listening = false;
      current.on('message', (message: FromHealthWorker) => {
        if (message.type === 'listening') {
          listening = true;
          resolve(message.port);
        } else reject(new Error(`the health port ${String(options.port)} cannot listen: ${message.message}`));
      });
      current.on('error', (error) => {
        if (!listening) reject(error);
        else options.log.error({ err: error }, 'the health worker failed');
      });
      current.on('exit', () => {
        if (worker === current) worker = null;
        if (!listening) reject(new Error('the health worker exited before listening'));
        else if (!closed) {
          options.log.error({}, `the health worker stopped; starting it again in ${String(RESPAWN_AFTER_MS)} ms`);
          setTimeout(() => {
            if (!closed)
              spawn().catch((error: unknown) => options.log.error({ err: error }, 'the health worker did not restart'));
          }, RESPAWN_AFTER_MS).unref();
        }
      });
    });

  const stop = async () => {
    closed = true;
    clearInterval(heartbeat);
    const current = worker;
    if (!current) return;
    const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
    current.postMessage({ type: 'close' } satisfies ToHealthWorker);
    const timer = setTimeout(() => void current.terminate(), 2_000);
    await exited;
    clearTimeout(timer);
  };

  let port: number;
  try {
    port = await spawn();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    closing: () => {
      closing = true;
      beat();
    },
    close: stop,
  };
}
