import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type ParserOptions, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { createDispatchQueue, isPlainRead } from './pglite-queue.ts';
import {
  toWireError,
  type FromPgliteWorker,
  type PgliteWorkerData,
  type ToPgliteWorker,
  type WireQueryOptions,
} from './pglite-protocol.ts';

// The server's PGlite, in a thread of its own (docs/decisions/065, 067). Statements outside a
// transaction, BEGINs, LISTENs and UNLISTENs wait in this thread's own queue (pglite-queue.ts): one
// runs on PGlite at a time, a transaction from BEGIN to its end, and a plain read goes before waiting
// writes (bounded, so writes are not starved). A transaction is a real PGlite.transaction: its
// callback waits for the request thread's `end`, and its own statements go straight to it.

const port = parentPort!;
const { dataDir } = workerData as PgliteWorkerData;

/** Thrown inside a transaction's callback when the request thread's callback failed: PGlite rolls back. */
const CALLER_FAILED = new Error('the transaction callback failed on the request thread');

type OpenTransaction = { tx: Transaction; finish: (commit: boolean) => void; endId?: number };

/** This thread's task id on Linux (".../task/<tid>"), else null. */
function taskId(): number | null {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

const keepText = (value: string) => value;
const parserSets = new Map<string, ParserOptions>();

function queryOptions(wire: WireQueryOptions): QueryOptions {
  const options: QueryOptions = {};
  if (wire.rowMode) options.rowMode = wire.rowMode;
  if (wire.paramTypes) options.paramTypes = wire.paramTypes;
  if (wire.rawTypes.length > 0) {
    const key = wire.rawTypes.join(',');
    let parsers = parserSets.get(key);
    if (!parsers) {
      parsers = Object.fromEntries(wire.rawTypes.map((type) => [type, keepText]));
      parserSets.set(key, parsers);
    }
    options.parsers = parsers;
  }
  return options;
}

function post(message: FromPgliteWorker): void {
  port.postMessage(message);
}

function reply(id: number, value: unknown): void {
  try {
    post({ type: 'reply', id, ok: true, value });
  } catch (error) {
    // A value a structured clone cannot carry: the caller hears why instead of waiting for ever.
    fail(id, error);
  }
}

function fail(id: number, error: unknown): void {
  post({ type: 'reply', id, ok: false, error: toWireError(error) });
}

/** Answers `id` with the outcome of `work`; resolves once answered (never rejects). */
function answer(id: number, work: Promise<unknown>): Promise<void> {
  return work.then(
    (value) => reply(id, value),
    (error: unknown) => fail(id, error),
  );
}

async function serve(pglite: PGlite): Promise<void> {
  const transactions = new Map<number, OpenTransaction>();
  const unlisteners = new Map<number, () => Promise<void>>();
  const queue = createDispatchQueue();
  let next = 1;

  /** Queues work for PGlite outside any transaction; `isRead`: a plain read, which may go first. */
  const queued = (id: number, isRead: boolean, work: () => Promise<unknown>) =>
    queue.push({ isRead, run: () => answer(id, Promise.resolve().then(work)) });

  const target = (tx: number | undefined): PGlite | Transaction => {
    if (tx === undefined) return pglite;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  /** Runs BEGIN and holds PGlite until the transaction ends; resolves then. */
  const begin = (id: number): Promise<void> => {
    const number = next++;
    let open: OpenTransaction | undefined;
    return pglite
      .transaction(async (tx) => {
        const commit = await new Promise<boolean>((finish) => {
          open = { tx, finish };
          transactions.set(number, open);
          reply(id, number);
        });
        if (!commit) throw CALLER_FAILED;
      })
      .then(
        () => {
          transactions.delete(number);
          if (open?.endId !== undefined) reply(open.endId, null);
        },
        (error: unknown) => {
          transactions.delete(number);
          if (open?.endId === undefined) fail(id, error);
          else if (error === CALLER_FAILED) reply(open.endId, null);
          else fail(open.endId, error);
        },
      );
  };

  port.on('message', (message: ToPgliteWorker) => {
    const { id } = message;
    try {
      switch (message.op) {
        case 'query': {
          const { sql, params, options, tx } = message;
          if (tx === undefined) queued(id, isPlainRead(sql), () => pglite.query(sql, params, queryOptions(options)));
          else void answer(id, target(tx).query(sql, params, queryOptions(options)));
          break;
        }
        case 'exec': {
          const { sql, options, tx } = message;
          if (tx === undefined) queued(id, isPlainRead(sql), () => pglite.exec(sql, queryOptions(options)));
          else void answer(id, target(tx).exec(sql, queryOptions(options)));
          break;
        }
        case 'begin':
          queue.push({ isRead: false, run: () => begin(id) });
          break;
        case 'rollback':
          void answer(id, (target(message.tx) as Transaction).rollback());
          break;
        case 'end': {
          const open = transactions.get(message.tx);
          if (!open) throw new Error('Transaction is closed');
          open.endId = id;
          open.finish(message.commit);
          break;
        }
        case 'listen': {
          const listener = next++;
          queued(id, false, async () => {
            const unlisten = await pglite.listen(message.channel, (payload) =>
              post({ type: 'notification', listener, payload }),
            );
            unlisteners.set(listener, unlisten);
            return listener;
          });
          break;
        }
        case 'unlisten': {
          const unlisten = unlisteners.get(message.listener);
          unlisteners.delete(message.listener);
          queued(id, false, () => (unlisten ? unlisten() : Promise.resolve()));
          break;
        }
        case 'close':
          // After everything queued (the request thread sends nothing new once closing).
          void answer(
            id,
            queue.drained().then(async () => pglite.close()),
          );
          break;
      }
    } catch (error) {
      fail(id, error);
    }
  });
}

try {
  const pglite = await PGlite.create({ dataDir });
  await serve(pglite);
  post({ type: 'ready', tid: taskId() });
} catch (error) {
  post({ type: 'failed', error: toWireError(error) });
}
