import { messages, PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPglite, fromPgliteThread, type DatabaseHandle, type PgliteClient } from './client.ts';
import type { PgliteThread } from './pglite-thread.ts';
import { READS_BEFORE_A_WRITE } from './pglite-queue.ts';
import { pgliteThreads } from '../test/pglite-threads.ts';

// The server's PGlite runs in a worker thread (pglite-thread.ts, docs/decisions/065); tests use an
// in-process PGlite. Here the same statements run on both and must give the same answers — values,
// errors, transactions, the order of writes, notifications — and the worker's own failure modes are
// checked. Which statements are plain reads: pglite-queue.test.ts; closing, a stopped thread and its
// replacement: pglite-thread-lifecycle.test.ts.

const { seededDir, newThread, cleanUp } = pgliteThreads();

let local: DatabaseHandle;
let remote: DatabaseHandle;
let localClient: PGlite;
let remoteClient: PgliteClient;

beforeAll(async () => {
  localClient = await PGlite.create({ dataDir: await seededDir() });
  local = fromPglite(localClient);
  const thread = await newThread();
  remote = fromPgliteThread(thread);
  remoteClient = thread;
  for (const client of [localClient, remoteClient])
    await client.exec(`create table pairs (id serial primary key, k text not null unique, v int);
      create table ordered (n int);`);
});
afterAll(async () => {
  await local.close();
  await remote.close();
  await cleanUp();
});

/** Runs `work` on both handles; both must settle alike, and it returns both outcomes. */
async function both<T>(work: (handle: DatabaseHandle, client: PgliteClient) => Promise<T>) {
  const settle = (p: Promise<T>) =>
    p.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  const a = await settle(work(local, localClient));
  const b = await settle(work(remote, remoteClient));
  return { local: a, thread: b };
}

/** An error's own fields (code, constraint, detail…), its class and message. */
function describeError(error: unknown) {
  const own = Object.fromEntries(Object.entries(error as object).filter(([key]) => key !== 'queryOptions'));
  return {
    isDatabaseError: error instanceof messages.DatabaseError,
    name: (error as Error).name,
    message: (error as Error).message,
    own,
  };
}

const TYPES_SQL = `select
  '2026-11-29 10:11:12.345'::timestamp as ts,
  '2026-11-29 10:11:12.345+02'::timestamptz as tstz,
  '2026-11-29'::date as d,
  '1 day 02:03:04'::interval as iv,
  '{"a":[1,2,{"b":null}],"c":"é"}'::jsonb as jb,
  '{"x": 1}'::json as js,
  12345678901234567890.123456789::numeric as num,
  9007199254740993::bigint as big,
  (select count(*) from generate_series(1, 7)) as n,
  array[1, 2, null]::int[] as ints,
  array['a', 'b,c', null]::text[] as texts,
  array['2026-01-01 00:00:00+00'::timestamptz] as tstzs,
  array['2026-01-01 00:00:00'::timestamp] as tss,
  array[1.5, 2.25]::numeric[] as nums,
  array['2026-01-01'::date] as ds,
  null::text as nothing,
  null::timestamptz as no_time,
  true as yes,
  '\\x00ff'::bytea as bytes,
  3.5::float8 as f,
  'ab'::text as t, 'cd'::text as t`;

// drizzle-orm/pglite's own options (node_modules/drizzle-orm/pglite/session.js): dates stay text.
const keep = (value: string) => value;
const drizzleParsers = {
  [types.TIMESTAMP]: keep,
  [types.TIMESTAMPTZ]: keep,
  [types.INTERVAL]: keep,
  [types.DATE]: keep,
  1231: keep,
  1115: keep,
  1185: keep,
  1187: keep,
  1182: keep,
};

describe('the worker handle answers as an in-process PGlite', () => {
  it.each<[string, QueryOptions | undefined]>([
    ['PGlite parsers (dates, json, bigint, arrays, bytea)', undefined],
    ["drizzle's options, object rows", { rowMode: 'object', parsers: drizzleParsers }],
    ["drizzle's options, array rows", { rowMode: 'array', parsers: drizzleParsers }],
    ['a parser of our own', { parsers: { [types.NUMERIC]: (v: string) => `numeric ${v}` } }],
  ])('values of every kind the app stores: %s', async (_name, options) => {
    const { local: a, thread: b } = await both((_handle, client) => client.query(TYPES_SQL, [], options));
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(b.value).toEqual(a.value);
    expect(b.value.rows).toHaveLength(1);
  });

  it("PGlite's own parsers' values cross as they are: Date, Uint8Array, bigint, parsed JSON", async () => {
    const { rows } = await remoteClient.query<Record<string, unknown>>(TYPES_SQL);
    expect(rows[0]).toMatchObject({
      tstz: new Date('2026-11-29T08:11:12.345Z'),
      bytes: new Uint8Array([0, 255]),
      big: 9007199254740993n,
      n: 7,
      jb: { a: [1, 2, { b: null }], c: 'é' },
      t: 'cd',
    });
  });

  it('through drizzle: execute, select with params and typed columns, exec of several statements', async () => {
    const { local: a, thread: b } = await both(async (handle, client) => ({
      execute: await handle.db.execute(sql`${sql.raw(TYPES_SQL)}, ${'param'}::text as p, ${42} as q`),
      params: await handle.db.execute(
        sql`select ${new Date('2026-05-06T07:08:09Z')}::timestamptz as at, ${JSON.stringify({ k: [1] })}::jsonb as j`,
      ),
      exec: await client.exec(`insert into pairs (k, v) values ('e1', 1); select k, v from pairs where k = 'e1'`),
    }));
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(b.value).toEqual(a.value);
  });

  it.each([
    ['a unique violation', `insert into pairs (k, v) values ('dup', 1), ('dup', 2)`],
    ['a syntax error', `selec 1`],
    ['a missing table', `select * from no_such_table`],
    ['a not-null violation', `insert into pairs (k) values (null)`],
    [
      'a raised SQLSTATE of our own',
      `do $$ begin raise exception 'refused' using errcode = 'UB001', detail = 'd'; end $$`,
    ],
  ])('errors with their PostgreSQL fields: %s', async (_name, statement) => {
    const { local: a, thread: b } = await both((_handle, client) => client.query(statement, []));
    expect(a.ok || b.ok).toBe(false);
    if (a.ok || b.ok) return;
    expect(describeError(b.error)).toEqual(describeError(a.error));
    expect((b.error as { code?: string }).code).toMatch(/^[0-9A-Z]{5}$/);
  });

  it('errors through drizzle keep the code in their cause, and a unique violation its constraint', async () => {
    const { local: a, thread: b } = await both((handle) =>
      handle.db.execute(sql`insert into pairs (k, v) values ('dz', 1), ('dz', 2)`),
    );
    if (a.ok || b.ok) throw new Error('both should fail');
    const cause = (error: unknown) => (error as { cause: unknown }).cause;
    expect(describeError(cause(b.error))).toEqual(describeError(cause(a.error)));
    expect(cause(b.error)).toMatchObject({ code: '23505', constraint: 'pairs_k_key' });
  });

  it('transactions: committed, rolled back by a failing callback or by rollback(), aborted by a failed statement', async () => {
    const { local: a, thread: b } = await both(async (handle, client) => {
      const outcomes: unknown[] = [];
      await client.query(`delete from pairs where k like 't%'`);
      outcomes.push(
        await client.transaction(async (tx) => {
          await tx.query(`insert into pairs (k, v) values ('t1', 1)`);
          return (await tx.query<{ n: number }>(`select count(*)::int as n from pairs where k like 't%'`)).rows;
        }),
      );
      const thrown = new Error('callback failed');
      outcomes.push(
        await client
          .transaction(async (tx) => {
            await tx.query(`insert into pairs (k, v) values ('t2', 2)`);
            throw thrown;
          })
          .catch((error: unknown) => error === thrown),
      );
      outcomes.push(
        await client.transaction(async (tx) => {
          await tx.query(`insert into pairs (k, v) values ('t3', 3)`);
          await tx.rollback();
          return { closed: tx.closed, after: await tx.query('select 1').catch((e: unknown) => (e as Error).message) };
        }),
      );
      outcomes.push(
        await client
          .transaction(async (tx) => {
            await tx.query(`insert into pairs (k, v) values ('t1', 9)`).catch(() => undefined);
            await tx.query(`select 1`);
          })
          .catch((error: unknown) => describeError(error)),
      );
      outcomes.push(
        await handle.db
          .transaction(async (tx) => {
            await tx.execute(sql`insert into pairs (k, v) values ('t4', 4)`);
            await tx
              .transaction(async (inner) => {
                await inner.execute(sql`insert into pairs (k, v) values ('t5', 5)`);
                throw new Error('inner');
              })
              .catch(() => undefined);
            return 'savepoint rolled back';
          })
          .catch((error: unknown) => describeError(error)),
      );
      outcomes.push((await client.query(`select k, v from pairs where k like 't%' order by k`)).rows);
      return outcomes;
    });
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(b.value).toEqual(a.value);
    expect(b.value.at(-1)).toEqual([
      { k: 't1', v: 1 },
      { k: 't4', v: 4 },
    ]);
  });

  it('concurrent writes run in the order called, and a transaction holds the ones called during it', async () => {
    const { local: a, thread: b } = await both(async (_handle, client) => {
      await client.query('delete from ordered');
      const calls: Promise<unknown>[] = [];
      for (let i = 0; i < 20; i++) calls.push(client.query('insert into ordered values ($1)', [i]));
      calls.push(
        client.transaction(async (tx) => {
          await tx.query('insert into ordered values (100)');
          await new Promise((resolve) => setTimeout(resolve, 30));
          await tx.query('insert into ordered values (101)');
        }),
      );
      for (let i = 20; i < 40; i++) calls.push(client.query('insert into ordered values ($1)', [i]));
      await Promise.all(calls);
      return (await client.query<{ n: number }>('select n from ordered')).rows.map((r) => r.n);
    });
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(b.value).toEqual(a.value);
    expect(b.value).toEqual([
      ...Array.from({ length: 20 }, (_, i) => i),
      100,
      101,
      ...Array.from({ length: 20 }, (_, i) => i + 20),
    ]);
  });

  it('LISTEN/NOTIFY: a notification arrives before the statement that sent it returns; unlisten stops them', async () => {
    const { local: a, thread: b } = await both(async (_handle, client) => {
      const heard: string[] = [];
      const unlisten = await client.listen('changes', (payload) => heard.push(`heard ${payload}`));
      await client.query(`select pg_notify('changes', '7')`);
      heard.push('returned');
      await client.transaction(async (tx) => {
        await tx.query(`select pg_notify('changes', '8')`);
      });
      heard.push('committed');
      await unlisten();
      await client.query(`select pg_notify('changes', '9')`);
      return heard;
    });
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(b.value).toEqual(a.value);
    expect(b.value).toEqual(['heard 7', 'returned', 'heard 8', 'committed']);
  });
});

// Order is made certain by holding the worker's queue with an open transaction while the statements
// are called: all of them wait, and are chosen when it ends (docs/decisions/067).
describe("the worker's queue: plain reads before waiting writes, bounded", () => {
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = remoteClient as PgliteThread;
    await thread.exec('create table queued (n int)');
  });

  /** Holds the queue with an open transaction (its BEGIN has run) until `release`, which commits it. */
  async function holdQueue(onRelease?: () => void) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let begun!: () => void;
    const isBegun = new Promise<void>((resolve) => (begun = resolve));
    const transaction = thread.transaction(async (tx) => {
      await tx.query('insert into queued values (-1)');
      begun();
      await released;
      onRelease?.();
    });
    await isBegun;
    return async () => {
      release();
      await transaction;
    };
  }

  const write = (order: string[], n: number) =>
    thread.query('insert into queued values ($1)', [n]).then(() => order.push(`write ${String(n)}`));
  const read = (order: string[], name: string) =>
    thread.query<{ n: number }>('select count(*)::int as n from queued').then((r) => {
      order.push(name);
      return r.rows[0]!.n;
    });

  it('a read called after writes that wait completes before them, and sees none of them', async () => {
    await thread.query('delete from queued');
    const order: string[] = [];
    const release = await holdQueue();
    const writes = [1, 2, 3, 4, 5].map((n) => write(order, n));
    const seen = read(order, 'read');
    await release();
    await Promise.all(writes);
    expect(order).toEqual(['read', 'write 1', 'write 2', 'write 3', 'write 4', 'write 5']);
    expect(await seen).toBe(1); // the committed transaction's row only
  });

  it(`a write waits for at most ${String(READS_BEFORE_A_WRITE)} reads called after it`, async () => {
    const order: string[] = [];
    const release = await holdQueue();
    const calls: Promise<unknown>[] = [write(order, 1), write(order, 2)];
    const readCount = 2 * READS_BEFORE_A_WRITE + 3;
    for (let i = 0; i < readCount; i++) calls.push(read(order, 'read'));
    await release();
    await Promise.all(calls);
    const reads = (count: number) => Array<string>(count).fill('read');
    expect(order).toEqual([
      ...reads(READS_BEFORE_A_WRITE),
      'write 1',
      ...reads(READS_BEFORE_A_WRITE),
      'write 2',
      ...reads(3),
    ]);
  });

  it('a transaction holds reads and writes called during it until it ends, and they see what it wrote', async () => {
    await thread.query('delete from queued');
    const order: string[] = [];
    const calls: Promise<unknown>[] = [];
    let seen: Promise<number> | undefined;
    const transaction = thread.transaction(async (tx) => {
      await tx.query('insert into queued values (100)');
      seen = read(order, 'read');
      calls.push(seen, write(order, 1));
      // Round trips of its own while the others wait in the worker's queue.
      for (let i = 0; i < 5; i++) await tx.query('select 1');
      await tx.query('insert into queued values (101)');
      order.push('transaction done');
    });
    await transaction;
    await Promise.all(calls);
    expect(order).toEqual(['transaction done', 'read', 'write 1']);
    expect(await seen).toBe(2);
  });
});

describe('the worker thread', () => {
  it('keeps the request thread free while it runs a long statement (an in-process PGlite blocks it)', async () => {
    const order = async (client: PgliteClient) => {
      const events: string[] = [];
      const long = client.query('select pg_sleep(0.6)').then(() => events.push('statement'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => setTimeout(resolve, 50)).then(() => events.push('timer'));
      await long;
      return events;
    };
    expect(await order(remoteClient)).toEqual(['timer', 'statement']);
    // The same on the in-process handle: the timer waits for the statement (what issue 32 measured).
    expect(await order(localClient)).toEqual(['statement', 'timer']);
  });

  it('refuses options that cannot cross threads instead of ignoring them', async () => {
    await expect(remoteClient.query('select 1', [], { serializers: { 25: String } })).rejects.toThrow(/cannot cross/);
  });
});
