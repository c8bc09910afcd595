import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import {
  fromWireError,
  parse,
  wireOptions,
  type FromPgliteWorker,
  type PgliteWorkerData,
  type ToPgliteWorker,
} from './pglite-protocol.ts';

// The request thread's handle on a PGlite that runs in a worker thread (docs/decisions/065, issue 32):
// PGlite's WebAssembly was ~72 % of the request thread's CPU for a stored search and ~1.4 ms a read,
// so reads waited behind searches' statements. This implements what the app uses of PGlite —
// query, exec, transaction, listen, closed, close — by messages to pglite-worker.ts.
//
// - Statements are posted as they are called. The worker runs one at a time (a transaction holds
//   the others until its COMMIT or ROLLBACK, as PGlite does in one thread); writes run in the order
//   called, and a plain read waiting goes before waiting writes, a bounded number of times
//   (pglite-queue.ts, docs/decisions/067): callers that do not await each other have no order on
//   PostgreSQL's pool either.
// - Parsers are functions and cannot cross: the worker leaves the values of the types the caller
//   parses as text, and they are parsed here with the caller's own functions.
// - Errors keep PostgreSQL's fields (pglite-protocol.ts).
// - A worker that stops (crash, out of memory) rejects every call in flight with a connection
//   failure (SQLSTATE 08006, a 503 through unavailable.ts), and so every call until it is back;
//   `closed` reads true meanwhile, so health reports the database down. A new worker is started on
//   the same data folder (PGlite recovers from its WAL; this process still holds the folder's lock)
//   after a backoff that doubles up to a cap, and the LISTENs are made again on it. close() never
//   restarts one.

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

export type PgliteThread = {
  query: <T>(query: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  exec: (query: string, options?: QueryOptions) => Promise<Results[]>;
  transaction: <T>(callback: (tx: Transaction) => Promise<T>) => Promise<T>;
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
  /** True while no worker serves (stopped and not yet restarted), and for good after close(). */
  readonly closed: boolean;
  close: () => Promise<void>;
  /** Calls `listener` each time the worker answers a call (with a result or an error). */
  onAnswered: (listener: () => void) => void;
  /**
   * Calls `listener` each time a new worker serves after one stopped (its LISTENs made again):
   * notifications of statements the old one was running when it stopped may be lost.
   */
  onRestarted: (listener: () => void) => void;
  /** The current thread (the last started): tests stop it to see a dead one handled. */
  readonly worker: Worker;
  /** Its task id on Linux, for reading its CPU time (benches), else null. */
  readonly tid: number | null;
};

/** Waits before starting a worker again: the first delay, doubled after each failure up to the cap. */
export type RestartBackoff = { firstMs: number; maxMs: number };

const DEFAULT_BACKOFF: RestartBackoff = { firstMs: 200, maxMs: 10_000 };
/** A worker that served this long before it stopped starts the backoff again from its first delay. */
const STABLE_MS = 60_000;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; call?: Call };
/** A LISTEN of the caller's; `listener`: its number on the current worker (none while down). */
type Subscription = { channel: string; callback: (payload: string) => void; listener?: number };
type Call = { query: string; params?: unknown[]; options?: QueryOptions };
type Message = ToPgliteWorker extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

/** SQLSTATE 08006 (connection failure): what a client of a PostgreSQL whose backend died is told. */
function threadStopped(reason: string): Error {
  return Object.assign(new Error(`PGlite's worker thread stopped (${reason})`), { code: '08006' });
}

/** Starts a worker on `dataDir` and waits for its PGlite to open; rejects with PGlite's error if it cannot. */
async function spawn(
  dataDir: string,
  workerUrl: URL,
  onCreated?: (worker: Worker) => void,
): Promise<{ worker: Worker; tid: number | null }> {
  const workerData: PgliteWorkerData = { dataDir };
  const worker = new Worker(workerUrl, { workerData });
  onCreated?.(worker);
  const tid = await new Promise<number | null>((resolve, reject) => {
    const early = (error: Error) => reject(error);
    const exited = (code: number) => reject(threadStopped(`exit code ${String(code)} before PGlite opened`));
    worker.once('error', early);
    worker.once('exit', exited);
    worker.once('message', (message: FromPgliteWorker) => {
      worker.off('error', early);
      worker.off('exit', exited);
      if (message.type === 'ready') resolve(message.tid);
      else {
        void worker.terminate();
        reject(message.type === 'failed' ? fromWireError(message.error) : new Error('unexpected first message'));
      }
    });
  });
  return { worker, tid };
}

/**
 * Starts the worker and opens PGlite on `dataDir` in it; rejects with PGlite's error if it cannot.
 * Once started, a worker that stops is replaced (`backoff`: the waits before each new one).
 */
export async function startPgliteThread(options: {
  dataDir: string;
  workerUrl?: URL;
  backoff?: RestartBackoff;
}): Promise<PgliteThread> {
  const workerUrl = options.workerUrl ?? WORKER_URL;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  let current = await spawn(options.dataDir, workerUrl);
  const pending = new Map<number, Pending>();
  const notify = new Map<number, (payload: string) => void>();
  const subscriptions = new Set<Subscription>();
  const answered: (() => void)[] = [];
  const restarted: (() => void)[] = [];
  let nextId = 1;
  /** Why calls fail now: the worker stopped and no new one serves yet. */
  let stopped: Error | null = null;
  let closing: Promise<void> | null = null;
  let isClosed = false;
  let startedAt = performance.now();
  let failures = 0;
  let restartTimer: NodeJS.Timeout | null = null;
  let starting: Promise<void> | null = null;
  /** The replacement while its PGlite opens: close() ends it rather than waiting for it. */
  let spawning: Worker | null = null;
  /** Workers whose stop was handled (a thread can report an error and then its exit). */
  const dead = new WeakSet<Worker>();

  // Idle, the thread does not keep the process alive (an in-process PGlite did not either); a call
  // in flight does.
  const settle = (id: number) => {
    pending.delete(id);
    if (pending.size === 0) current.worker.unref();
  };

  const scheduleRestart = () => {
    if (closing || restartTimer || starting) return;
    const delay = Math.min(backoff.firstMs * 2 ** failures, backoff.maxMs);
    failures++;
    restartTimer = setTimeout(() => {
      restartTimer = null;
      starting = restart().finally(() => {
        starting = null;
        if (stopped && !closing) scheduleRestart();
      });
    }, delay);
    restartTimer.unref();
  };

  const stop = (worker: Worker, error: Error) => {
    if (worker !== current.worker || dead.has(worker)) return;
    dead.add(worker);
    stopped = error;
    isClosed = true;
    notify.clear();
    for (const subscription of subscriptions) delete subscription.listener;
    for (const [id, call] of pending) {
      settle(id);
      call.reject(error);
    }
    if (performance.now() - startedAt >= STABLE_MS) failures = 0;
    scheduleRestart();
  };

  const attach = (worker: Worker) => {
    worker.unref();
    worker.on('error', (error) => stop(worker, threadStopped(error.message)));
    worker.on('exit', (code) => stop(worker, threadStopped(`exit code ${String(code)}`)));
    worker.on('message', (message: FromPgliteWorker) => {
      if (message.type === 'notification') {
        notify.get(message.listener)?.(message.payload);
        return;
      }
      if (message.type !== 'reply') return;
      const call = pending.get(message.id);
      if (!call) return;
      settle(message.id);
      for (const listener of answered) listener();
      if (message.ok) call.resolve(message.value);
      else call.reject(fromWireError(message.error, call.call));
    });
  };
  attach(current.worker);

  /**
   * Posts one request. `isOwnWork`: a statement of an open transaction, or closing, accepted while
   * closing; `isRecovery`: a LISTEN made again on a new worker before it serves the others.
   */
  const request = <T>(
    message: Message,
    options: { call?: Call; isOwnWork?: boolean; isRecovery?: boolean } = {},
  ): Promise<T> => {
    if (stopped && !options.isRecovery) return Promise.reject(stopped);
    if (closing && !options.isOwnWork)
      return Promise.reject(new Error(isClosed ? 'PGlite is closed' : 'PGlite is closing'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) current.worker.ref();
      pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
        ...(options.call ? { call: options.call } : {}),
      });
      current.worker.postMessage({ ...message, id });
    });
  };

  const listenOnWorker = async (subscription: Subscription, isRecovery: boolean) => {
    const listener = await request<number>({ op: 'listen', channel: subscription.channel }, { isRecovery });
    subscription.listener = listener;
    notify.set(listener, subscription.callback);
  };

  /** A new worker on the same folder; it serves once its LISTENs are made again. Never rejects. */
  const restart = async () => {
    const next = await spawn(options.dataDir, workerUrl, (worker) => (spawning = worker))
      .catch(() => null)
      .finally(() => (spawning = null));
    if (!next) return;
    if (closing) {
      await next.worker.terminate();
      return;
    }
    current = next;
    startedAt = performance.now();
    attach(next.worker);
    try {
      for (const subscription of subscriptions) await listenOnWorker(subscription, true);
    } catch {
      // It stopped meanwhile, or refused a LISTEN: ended here, another is started after a wait.
      await next.worker.terminate();
      return;
    }
    if (closing) {
      await next.worker.terminate();
      return;
    }
    stopped = null;
    isClosed = false;
    for (const listener of restarted) listener();
  };

  const statement = async <R>(
    op: 'query' | 'exec',
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: number,
  ): Promise<R> => {
    const wire = wireOptions(options);
    const message: Message =
      op === 'query'
        ? { op, sql, options: wire, ...(params ? { params } : {}), ...(tx === undefined ? {} : { tx }) }
        : { op, sql, options: wire, ...(tx === undefined ? {} : { tx }) };
    // As PGlite fills a failed statement's error: query's params default to [], exec has none.
    const call: Call = {
      query: sql,
      ...(op === 'query' ? { params: params ?? [] } : {}),
      ...(options ? { options } : {}),
    };
    const result = await request<R>(message, { call, isOwnWork: tx !== undefined });
    if (Array.isArray(result)) for (const one of result as Results[]) parse(one, options);
    else parse(result as Results, options);
    return result;
  };

  const transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    const number = await request<number>({ op: 'begin' });
    let isDone = false;
    const open = () => {
      if (isDone) throw new Error('Transaction is closed');
    };
    const tx: Transaction = {
      query: async <R>(query: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return statement<Results<R>>('query', query, params, options, number);
      },
      exec: async (query: string, options?: QueryOptions) => {
        open();
        return statement<Results[]>('exec', query, undefined, options, number);
      },
      rollback: async () => {
        open();
        await request({ op: 'rollback', tx: number }, { isOwnWork: true });
        isDone = true;
      },
      sql: () => Promise.reject(new Error('tx.sql is not available on the PGlite worker handle: use tx.query')),
      listen: () => Promise.reject(new Error('tx.listen is not available on the PGlite worker handle: use listen')),
      get closed() {
        return isDone;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      isDone = true;
      await request({ op: 'end', tx: number, commit: false }, { isOwnWork: true });
      throw error;
    }
    isDone = true;
    await request({ op: 'end', tx: number, commit: true }, { isOwnWork: true });
    return result;
  };

  return {
    query: <T>(query: string, params?: unknown[], options?: QueryOptions) =>
      statement<Results<T>>('query', query, params, options),
    exec: (query: string, options?: QueryOptions) => statement<Results[]>('exec', query, undefined, options),
    transaction,
    listen: async (channel, callback) => {
      const subscription: Subscription = { channel, callback };
      await listenOnWorker(subscription, false);
      subscriptions.add(subscription);
      return async () => {
        subscriptions.delete(subscription);
        const { listener } = subscription;
        if (listener === undefined || !notify.delete(listener) || stopped || isClosed) return;
        await request({ op: 'unlisten', listener }, { isOwnWork: true });
      };
    },
    get closed() {
      return isClosed;
    },
    close: () => {
      closing ??= (async () => {
        if (restartTimer) clearTimeout(restartTimer);
        restartTimer = null;
        // A replacement being started is ended, and restart() then gives up on it.
        await spawning?.terminate();
        await starting;
        if (!stopped) {
          try {
            await request({ op: 'close' }, { isOwnWork: true });
          } finally {
            isClosed = true;
            await current.worker.terminate();
          }
        }
        isClosed = true;
      })();
      return closing;
    },
    onAnswered: (listener) => answered.push(listener),
    onRestarted: (listener) => restarted.push(listener),
    get worker() {
      return current.worker;
    },
    get tid() {
      return current.tid;
    },
  };
}
