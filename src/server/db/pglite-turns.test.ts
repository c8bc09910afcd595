import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteTestDatabase, type TestDatabase } from '../test/test-database.ts';

// An in-process PGlite (the tests' and benches'; the server's runs in a worker thread since
// docs/decisions/065) runs in the caller's thread. Its own queue hands each statement to the next in
// microtasks, so with many statements waiting the event loop turned only once all had run: a
// request that needs no database (/api/health) waited as long as a database read (issue 32's soak:
// health p95 412 ms). The handle gives the event loop a turn before each statement (db/client.ts).

let database: TestDatabase;
beforeAll(async () => {
  database = await createPgliteTestDatabase();
});
afterAll(() => database.close());

describe('statements on PGlite', () => {
  it('let the event loop turn while a queue of them waits, instead of after the last one', async () => {
    const order: string[] = [];
    const statements = Array.from({ length: 30 }, (_, i) =>
      database.db.execute(sql`select count(*) from generate_series(1, 20000) where ${i} >= 0`).then(() => {
        order.push('statement');
      }),
    );
    setImmediate(() => order.push('turn'));
    await Promise.all(statements);
    expect(order).toHaveLength(31);
    expect(order.indexOf('turn')).toBeLessThan(statements.length);
  });

  it('still run one at a time in order, transactions whole, and a failed one does not stop the next', async () => {
    await database.db.execute(sql`create temporary table turns (n int)`);
    const written = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into turns values (1)`);
      await tx.execute(sql`insert into turns values (2)`);
    });
    const failed = database.db.execute(sql`select * from no_such_table`).then(
      () => 'answered',
      () => 'failed',
    );
    const read = database.pglite!.query<{ n: number }>('select n from turns order by n');
    await written;
    expect(await failed).toBe('failed');
    expect((await read).rows.map((row) => Number(row.n))).toEqual([1, 2]);
  });
});
