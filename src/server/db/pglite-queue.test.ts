import { describe, expect, it } from 'vitest';
import { isPlainRead } from './pglite-queue.ts';

// Which statements may go before waiting writes in the PGlite worker's queue (docs/decisions/067).
// A read taken for a write only loses its place; a write taken for a read could be reordered, so
// every doubt is a write. The app's statements are those the soak's reads and a search send. The
// order statements complete in on the worker: pglite-thread.test.ts.

const APP_READS = [
  // The auth guard's user row (GET /api/searches, /api/user/usage, /api/auth/user).
  `select "id", "email", "role", (select extract(epoch from max("expires_at")) * 1000 from "jwt_tokens" where "family_id" = $1 and "is_revoked" = false and "expires_at" > $2::timestamptz) from "users" where "users"."id" = $3`,
  // A history page and its hidden count.
  `select json_agg(json_build_object('id', "page_rows"."id", 'timestamp', floor(extract(epoch from "page_rows"."timestamp") * 1000), 'status', "page_rows"."status") order by "page_rows"."timestamp" desc, "page_rows"."id" desc) from (select "id", "query", "timestamp", "status" from "searches" where ("searches"."user_id" = $1 and "searches"."timestamp" >= $2) order by "searches"."timestamp" desc, "searches"."id" desc limit $3) "page_rows"`,
  `select count(*) from "searches" where ("searches"."user_id" = $1 and "searches"."timestamp" < $2)`,
  // The rate limiter's read.
  `select "count" from "rate_limits" where ("rate_limits"."key" = $1 and "rate_limits"."window_start" = $2)`,
];

const APP_WRITES = [
  `insert into "rate_limits" ("key", "window_start", "count") values ($1, $2, $3) on conflict ("key","window_start") do update set "count" = "rate_limits"."count" + 1 returning "count"`,
  // Our functions write from inside a select.
  `select * from unbuilt_reserve_search($1::integer, $2::integer, $3::timestamptz, $4::timestamptz, $5::integer)`,
  `select unbuilt_drop_reservations($1::integer, $2::integer, null)`,
  `
      with search as (insert into "searches" ("id", "user_id") values (default, $1) returning "id"),
      event as (insert into "analytics_events" ("id") select nextval('analytics_events_id_seq')::int)
      select search.id from search, (select unbuilt_settle_search($2::integer) as ok) as settled`,
];

describe('isPlainRead', () => {
  it.each(APP_READS)("the app's read is a plain read: %s", (sql) => {
    expect(isPlainRead(sql)).toBe(true);
  });

  it.each(APP_WRITES)("the app's write is not: %s", (sql) => {
    expect(isPlainRead(sql)).toBe(false);
  });

  it.each([
    ['a bare select', 'select 1', true],
    [
      'upper case, leading space and comments',
      '  /* page */\n-- list\nSELECT COUNT(*) FROM t WHERE a IN ($1) AND EXISTS (SELECT 1)',
      true,
    ],
    ['a with of selects', 'with x as (select 1 as n) select n from x', true],
    [
      'a window and a filter',
      'select row_number() over (partition by a order by b), count(*) filter (where c) from t group by a, b',
      true,
    ],
    ['a second statement', 'select 1; delete from t', false],
    ['a trailing semicolon', 'select 1;', false],
    ['a data-modifying with', 'with d as (delete from t returning id) select id from d', false],
    ['for update', 'select * from t where id = $1 for update', false],
    ['for share', 'select * from t for share', false],
    ['select into a new table', 'select * into copy from t', false],
    ['nextval', "select nextval('s')", false],
    ['currval (session state a write sets)', "select currval('s')", false],
    ['lastval', 'select lastval()', false],
    ['pg_notify', "select pg_notify('c', 'x')", false],
    ['set_config', "select set_config('a.b', 'c', false)", false],
    ['an advisory lock', 'select pg_advisory_lock(1)', false],
    ['a transaction id', 'select txid_current()', false],
    ['a schema-qualified call', 'select pg_catalog.count(*) from t', false],
    ['a quoted call', 'select "my_fn"(1)', false],
    ['a cast with a type modifier', 'select 1::numeric(10, 2)', false],
    ['a function of our own', 'select unbuilt_count_search(1)', false],
    ['a parenthesised select', '(select 1)', false],
    ['an insert', 'insert into t values (1)', false],
    ['an update', 'update t set a = 1', false],
    ['begin', 'begin', false],
    ['a call hidden after a comment marker in a string', "select '--', nextval('s')", false],
    ['a writing word in a string (a doubt: a write)', "select 'update'", false],
  ])('%s', (_name, sql, expected) => {
    expect(isPlainRead(sql)).toBe(expected);
  });
});
