import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DatabaseHandle } from '../db/client.ts';

// Counts the statements a piece of work sends to the database (docs/decisions/051), at the driver:
// PGlite's Parse and simple Query protocol messages, pg's queries. The pg count is process-wide
// (every pg client's queries), so run nothing else on pg while counting.

/** The texts of the statements sent while `run` runs. */
export async function statementsOf(handle: DatabaseHandle, run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const pglite = handle.pglite;
  if (pglite) {
    if (!(pglite instanceof PGlite)) throw new Error('statementsOf counts an in-process PGlite only');
    const original = pglite.execProtocolRawSync.bind(pglite);
    const decoder = new TextDecoder();
    // Parse ('P': length, statement name, text) and Query ('Q': length, text) carry a statement.
    pglite.execProtocolRawSync = (message: Uint8Array) => {
      if (message[0] === 0x50 || message[0] === 0x51) {
        const start = message[0] === 0x50 ? message.indexOf(0, 5) + 1 : 5;
        sent.push(decoder.decode(message.subarray(start, message.indexOf(0, start))));
      }
      return original(message);
    };
    try {
      await run();
    } finally {
      pglite.execProtocolRawSync = original;
    }
    return sent;
  }
  const prototype = pg.Client.prototype as unknown as Record<'query', (...args: unknown[]) => unknown>;
  const original = prototype.query;
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    sent.push(typeof config === 'string' ? config : (config.text ?? ''));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    prototype.query = original;
  }
  return sent;
}
