import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Rows read as one JSON value built by PostgreSQL, for the hottest reads (ADR 058). The driver reads
// a result cell by cell: every execution of a prepared statement parses its row description again and
// builds a parser per column, and Drizzle maps every cell; for a 20-row page or an analysis with its
// results that was a fifth to a third of the request's CPU. One json cell is one JSON.parse instead.
// The objects have the columns' camelCase keys and the values Drizzle would give, so the usual DTO
// functions take them unchanged once `reviveDates` has turned the timestamps back into Dates.

type Columns = Record<string, AnyPgColumn>;

function isTimestamp(column: AnyPgColumn): boolean {
  return column.columnType === 'PgTimestamp';
}

/**
 * `json_build_object('key', column, …)` over `columns` (at most 50, PostgreSQL's argument limit).
 * Timestamps go out as whole epoch milliseconds (what a JavaScript Date holds; the driver's Date
 * also drops the microseconds).
 */
export function jsonObject(columns: Columns): SQL {
  const entries = Object.entries(columns);
  if (entries.length > 50) throw new Error('json_build_object takes at most 50 key/value pairs');
  const pairs = entries.map(([key, column]) => {
    // Keys are written into the statement (not bound): they are the schema's property names.
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key)) throw new Error(`not a column key: ${key}`);
    const name = sql.raw(`'${key}'`);
    return isTimestamp(column) ? sql`${name}, floor(extract(epoch from ${column}) * 1000)` : sql`${name}, ${column}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** Keys of `columns` whose values `jsonObject` sent as epoch milliseconds. */
export function timestampKeys(columns: Columns): string[] {
  return Object.entries(columns)
    .filter(([, column]) => isTimestamp(column))
    .map(([key]) => key);
}

/** An object read through `jsonObject`, with its timestamps (`keys`, from `timestampKeys`) as Dates again. */
export function reviveDates<T>(value: Record<string, unknown>, keys: readonly string[]): T {
  for (const key of keys) {
    const ms: unknown = Object.hasOwn(value, key) ? value[key] : undefined;
    if (typeof ms === 'number') value[key] = new Date(ms);
  }
  return value as T;
}
