import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type ParserOptions, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import {
  toWireError,
  type FromPgliteWorker,
  type PgliteWorkerData,
  type ToPgliteWorker,
  type WireQueryOptions,
} from './pglite-protocol.ts';

// The server's PGlite, in a thread of its own (docs/decisions/065). Statements are handed to PGlite
// in the order they arrive; PGlite's own locks run them one at a time and make a transaction hold
// every other statement until it ends, exactly as in one thread. A transaction is a real
// PGlite.transaction here: its callback waits for the request thread's `end`.

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

function answer(id: number, work: Promise<unknown>): void {
  work.then(
    (value) => reply(id, value),
    (error: unknown) => fail(id, error),
  );
}

async function serve(pglite: PGlite): Promise<void> {
  const transactions = new Map<number, OpenTransaction>();
  const unlisteners = new Map<number, () => Promise<void>>();
  let next = 1;

  const target = (tx: number | undefined): PGlite | Transaction => {
    if (tx === undefined) return pglite;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  const begin = (id: number) => {
    const number = next++;
    let open: OpenTransaction | undefined;
    pglite
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
        case 'query':
          answer(id, target(message.tx).query(message.sql, message.params, queryOptions(message.options)));
          break;
        case 'exec':
          answer(id, target(message.tx).exec(message.sql, queryOptions(message.options)));
          break;
        case 'begin':
          begin(id);
          break;
        case 'rollback':
          answer(id, (target(message.tx) as Transaction).rollback());
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
          answer(
            id,
            pglite
              .listen(message.channel, (payload) => post({ type: 'notification', listener, payload }))
              .then((unlisten) => {
                unlisteners.set(listener, unlisten);
                return listener;
              }),
          );
          break;
        }
        case 'unlisten': {
          const unlisten = unlisteners.get(message.listener);
          unlisteners.delete(message.listener);
          answer(id, unlisten ? unlisten() : Promise.resolve());
          break;
        }
        case 'close':
          answer(id, pglite.close());
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
