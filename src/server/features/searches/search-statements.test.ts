import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, type UserRow } from '../../db/schema/index.ts';
import { createClock } from '../../lib/platform/clock.ts';
import { createFakeEngine } from '../../test/fake-engine.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { runSearch } from './run-search.service.ts';
import { releaseReservation, reserveSearch } from './search-quota.service.ts';

// What one search costs the request thread in database statements (docs/decisions/051): each is a
// round trip to PostgreSQL, and on PGlite five or six protocol messages through WebAssembly on the
// request thread itself. The quota's reservation rules are database functions, so a search is the
// rate-limit upsert, the reservation, and the statement that settles it and stores the answer.
// Counted at the driver, with no app around the service (no job polling to count by mistake).

let db: TestDatabase;
let user: UserRow;

/** Counts the statements sent to the database while `run` runs: PGlite's Parse and Query messages, pg's queries. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const pglite = db.pglite;
  if (pglite) {
    const original = pglite.execProtocolRawSync.bind(pglite);
    const decoder = new TextDecoder();
    // Parse ('P': length, statement name, text) and simple Query ('Q': length, text) carry a statement.
    pglite.execProtocolRawSync = (message: Uint8Array) => {
      if (message[0] === 0x50 || message[0] === 0x51) {
        let start = 5;
        if (message[0] === 0x50) start = message.indexOf(0, start) + 1;
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

beforeAll(async () => {
  db = await createTestDatabase();
  const [row] = await db.db
    .insert(users)
    .values({ name: 'Counted', email: 'counted@example.test', subscriptionTier: 'pro', subscriptionStatus: 'active' })
    .returning();
  user = row!;
});
afterAll(() => db.close());

describe('statements a search sends', () => {
  it('a stored search: the rate limit, the reservation, then one statement that settles it and stores the answer', async () => {
    const engine = createFakeEngine();
    const search = () =>
      runSearch({ db: db.db, clock: createClock(), engine, user, query: 'invoicing for plumbers', hooks: {} });
    await search(); // the first search prepares what is prepared once
    let outcome: Awaited<ReturnType<typeof search>> | undefined;
    const sent = await statementsOf(async () => (outcome = await search()));
    expect(outcome?.data.search?.id).toEqual(expect.any(Number));
    expect(sent).toHaveLength(3);
    expect(sent[1]).toContain('unbuilt_reserve_search');
    expect(sent[2]).toContain('unbuilt_settle_search');
  });

  it('a release after a failed analysis is one statement', async () => {
    const reserved = await reserveSearch(db.db, { userId: user.id, limit: null, now: new Date() });
    if (reserved.kind !== 'reserved') throw new Error(reserved.kind);
    const sent = await statementsOf(() => releaseReservation(db.db, reserved.reservation));
    expect(sent).toEqual([expect.stringContaining('unbuilt_drop_reservations')]);
  });
});
