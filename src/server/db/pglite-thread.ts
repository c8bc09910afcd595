import { Worker } from 'node:worker_threads';
import type { ParserOptions, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import {
  fromWireError,
  type FromPgliteWorker,
  type PgliteWorkerData,
  type ToPgliteWorker,
  type WireQueryOptions,
} from './pglite-protocol.ts';

// The request thread's handle on a PGlite that runs in a worker thread (docs/decisions/065, issue 32):
// PGlite's WebAssembly was ~72 % of the request thread's CPU for a stored search and ~1.4 ms a read,
// so reads waited behind searches' statements. This implements what the app uses of PGlite —
// query, exec, transaction, listen, closed, close — by messages to pglite-worker.ts.
//
// - Statements are posted as they are called and PGlite runs them in that order, one at a time; a
//   transaction holds the others until its COMMIT or ROLLBACK, as PGlite does in one thread.
// - Parsers are functions and cannot cross: the worker leaves the values of the types the caller
//   parses as text, and they are parsed here with the caller's own functions.
// - Errors keep PostgreSQL's fields (pglite-protocol.ts).
// - A worker that stops (crash, out of memory) rejects every call in flight and every later one with
//   a connection failure (SQLSTATE 08006, a 503 through unavailable.ts), and `closed` reads true, so
//   health reports the database down. It is not restarted: what it left in the data folder is
//   for the next start (and its recovery) to read.

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

export type PgliteThread = {
  query: <T>(query: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  exec: (query: string, options?: QueryOptions) => Promise<Results[]>;
  transaction: <T>(callback: (tx: Transaction) => Promise<T>) => Promise<T>;
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
  readonly closed: boolean;
  close: () => Promise<void>;
  /** Calls `listener` each time the worker answers a call (with a result or an error). */
  onAnswered: (listener: () => void) => void;
  /** The thread itself: tests stop it to see a dead one handled. */
  readonly worker: Worker;
  /** Its task id on Linux, for reading its CPU time (benches), else null. */
  readonly tid: number | null;
};

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; call?: Call };
type Call = { query: string; params?: unknown[]; options?: QueryOptions };
type Message = ToPgliteWorker extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

/** SQLSTATE 08006 (connection failure): what a client of a PostgreSQL whose backend died is told. */
function threadStopped(reason: string): Error {
  return Object.assign(new Error(`PGlite's worker thread stopped (${reason})`), { code: '08006' });
}

function wireOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (options?.serializers || options?.onNotice || options?.blob)
    throw new TypeError('serializers, onNotice and blob cannot cross to the PGlite worker thread');
  return {
    ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options?.paramTypes ? { paramTypes: options.paramTypes } : {}),
    rawTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : [],
  };
}

/** Applies the caller's parsers to the values the worker left as text (never to null, as PGlite). */
function parse<T extends Results>(result: T, options: QueryOptions | undefined): T {
  const parsers: ParserOptions | undefined = options?.parsers;
  if (!parsers) return result;
  // In object mode a repeated column name keeps the last column's value, as PGlite builds the row.
  const columns = new Map<string | number, { type: number; parser: (value: string, type: number) => unknown }>();
  const isArrayMode = options?.rowMode === 'array';
  result.fields.forEach((field, index) => {
    const key = isArrayMode ? index : field.name;
    const parser = parsers[field.dataTypeID];
    if (parser) columns.set(key, { type: field.dataTypeID, parser });
    else columns.delete(key);
  });
  if (columns.size === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const [key, { type, parser }] of columns) {
      const value = Object.hasOwn(row, key) ? row[key] : undefined;
      if (value !== null && value !== undefined) row[key] = parser(value as string, type);
    }
  }
  return result;
}

/** Starts the worker and opens PGlite on `dataDir` in it; rejects with PGlite's error if it cannot. */
export async function startPgliteThread(options: { dataDir: string; workerUrl?: URL }): Promise<PgliteThread> {
  const workerData: PgliteWorkerData = { dataDir: options.dataDir };
  const worker = new Worker(options.workerUrl ?? WORKER_URL, { workerData });
  const pending = new Map<number, Pending>();
  const notify = new Map<number, (payload: string) => void>();
  const answered: (() => void)[] = [];
  let nextId = 1;
  let stopped: Error | null = null;
  let closing: Promise<void> | null = null;
  let isClosed = false;

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

  // Idle, the thread does not keep the process alive (an in-process PGlite did not either); a call
  // in flight does.
  const settle = (id: number) => {
    pending.delete(id);
    if (pending.size === 0) worker.unref();
  };
  worker.unref();

  const stop = (error: Error) => {
    if (stopped) return;
    stopped = error;
    isClosed = true;
    notify.clear();
    for (const [id, call] of pending) {
      settle(id);
      call.reject(error);
    }
  };
  worker.on('error', (error) => stop(threadStopped(error.message)));
  worker.on('exit', (code) => stop(threadStopped(`exit code ${String(code)}`)));
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

  /** Posts one request; `isOwnWork`: a statement of an open transaction, or closing, accepted while closing. */
  const request = <T>(message: Message, options: { call?: Call; isOwnWork?: boolean } = {}): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    if (closing && !options.isOwnWork)
      return Promise.reject(new Error(isClosed ? 'PGlite is closed' : 'PGlite is closing'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
        ...(options.call ? { call: options.call } : {}),
      });
      worker.postMessage({ ...message, id });
    });
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
      const listener = await request<number>({ op: 'listen', channel });
      notify.set(listener, callback);
      return async () => {
        if (!notify.delete(listener) || stopped || isClosed) return;
        await request({ op: 'unlisten', listener }, { isOwnWork: true });
      };
    },
    get closed() {
      return isClosed;
    },
    close: () => {
      closing ??= (async () => {
        if (!stopped) {
          try {
            await request({ op: 'close' }, { isOwnWork: true });
          } finally {
            isClosed = true;
            await worker.terminate();
          }
        }
        isClosed = true;
      })();
      return closing;
    },
    onAnswered: (listener) => answered.push(listener),
    worker,
    tid,
  };
}
