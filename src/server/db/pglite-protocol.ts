import {
  messages,
  TransactionAbortedError,
  type ParserOptions,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

// The messages between the request thread's PGlite handle (pglite-thread.ts) and the worker thread
// that runs PGlite (pglite-worker.ts), and the one thing both sides must agree on beyond them: how an
// error crosses. A structured clone keeps an Error's message but drops its own fields, and
// PostgreSQL's fields (code, constraint, detail…) are what the app reads (unavailable.ts, the quota's
// UB001, unique violations), so they travel as plain values and are put back on a DatabaseError.
// Query options cross without their functions (wireOptions), and the caller's parsers are applied to
// the values the worker left as text (parse).

export type PgliteWorkerData = { dataDir: string };

/**
 * What the request thread asks. `tx` names an open transaction, which runs the statement at once;
 * without it the statement waits in the worker's queue (a plain read before waiting writes, 067).
 */
export type ToPgliteWorker =
  | {
      id: number;
      op: 'query';
      sql: string;
      params?: unknown[];
      options: WireQueryOptions;
      tx?: number;
    }
  | { id: number; op: 'exec'; sql: string; options: WireQueryOptions; tx?: number }
  /** Waits its turn in the worker's queue (as a write), runs BEGIN and answers with the transaction's number; the transaction holds the queue until `end`. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'rollback'; tx: number }
  /** The callback finished: COMMIT (unless rolled back), or ROLLBACK when it failed; answered once PGlite settled it. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'close' };

export type FromPgliteWorker =
  /** `tid`: the thread's task id on Linux (its CPU time is /proc/self/task/<tid>/stat), else null. */
  | { type: 'ready'; tid: number | null }
  | { type: 'failed'; error: WireError }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; error: WireError }
  | { type: 'notification'; listener: number; payload: string };

/**
 * QueryOptions without functions. `rawTypes`: the type ids the caller has its own parsers for; the
 * worker leaves those values as PostgreSQL's text and the request thread applies the caller's
 * parser, so any parser (drizzle's keep dates as text) gives what it gives in one thread.
 */
export type WireQueryOptions = { rowMode?: 'array' | 'object'; rawTypes: number[]; paramTypes?: number[] };

type FieldValue = string | number | boolean | null | undefined;

export type WireError = {
  message: string;
  name: string;
  stack?: string;
  isDatabaseError: boolean;
  /** The error's own primitive fields: code, severity, detail, constraint, table, length… */
  fields: Record<string, FieldValue>;
};

/** Fields PGlite adds to a failed statement's error that the request thread fills from its own call. */
const CALL_FIELDS = new Set(['query', 'params', 'queryOptions']);

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', isDatabaseError: false, fields: {} };
  const fields: Record<string, FieldValue> = {};
  for (const [key, value] of Object.entries(error)) {
    if (CALL_FIELDS.has(key)) continue;
    if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value))
      fields[key] = value as FieldValue;
  }
  return {
    message: error.message,
    name: error.name,
    ...(error.stack === undefined ? {} : { stack: error.stack }),
    isDatabaseError: error instanceof messages.DatabaseError,
    fields,
  };
}

/** The error as the worker's PGlite threw it: a DatabaseError (TransactionAbortedError for 25P02 on COMMIT) with its fields. */
export function fromWireError(wire: WireError, call?: { query: string; params?: unknown[]; options?: unknown }): Error {
  let error: Error;
  if (wire.isDatabaseError && wire.fields.code === '25P02' && wire.message === new TransactionAbortedError().message)
    error = new TransactionAbortedError();
  else if (wire.isDatabaseError)
    error = new messages.DatabaseError(
      wire.message,
      Number(wire.fields.length ?? 0),
      wire.name as ConstructorParameters<typeof messages.DatabaseError>[2],
    );
  else {
    error = new Error(wire.message);
    error.name = wire.name;
  }
  for (const [key, value] of Object.entries(wire.fields)) {
    if (key === 'name' || key === 'length') continue;
    (error as unknown as Record<string, FieldValue>)[key] = value;
  }
  if (wire.stack !== undefined) error.stack = wire.stack;
  if (call && wire.isDatabaseError)
    Object.assign(error, { query: call.query, params: call.params, queryOptions: call.options });
  return error;
}

export function wireOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (options?.serializers || options?.onNotice || options?.blob)
    throw new TypeError('serializers, onNotice and blob cannot cross to the PGlite worker thread');
  return {
    ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options?.paramTypes ? { paramTypes: options.paramTypes } : {}),
    rawTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : [],
  };
}

/** Applies the caller's parsers to the values the worker left as text (never to null, as PGlite). */
export function parse<T extends Results>(result: T, options: QueryOptions | undefined): T {
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
