import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { startPgliteThread, type PgliteThread } from './pglite-thread.ts';

export type Schema = typeof schema;
/** The one database type features use: identical API on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept `Database | Tx` where they may run inside one. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What the app uses of PGlite: an in-process PGlite (tests, benches) or the server's handle on the
 * PGlite in a worker thread (pglite-thread.ts), which implements exactly these.
 */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen' | 'closed' | 'close'>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs SQL on one dedicated connection (migrations, advisory locks). */
  close: () => Promise<void>;
  pglite?: PgliteClient;
  pool?: pg.Pool;
  /** PostgreSQL: the URL it was opened with (the health worker opens its own connection to it). */
  url?: string;
  /** PostgreSQL: one connection of its own for /api/health, so a saturated pool does not read as down. */
  probe?: Database;
  /** PostgreSQL: whether the server answered a pooled connection within the last `ms` (for /api/health). */
  answeredWithin?: (ms: number) => boolean;
  /**
   * When the database last answered this process (performance.now() time; -Infinity: not since it
   * opened, or the connection that answered broke). The health listener's worker reads it.
   */
  lastAnsweredAt?: () => number;
  /**
   * Calls `listener` each time the database answers this process, as it happens: the health
   * listener stamps it for its worker at once, not on its next heartbeat (which a busy event loop
   * delays past the worker's 250 ms window, so it would probe a server that just answered).
   */
  onAnswered?: (listener: () => void) => void;
  /**
   * PGlite in its worker thread: calls `listener` when a new worker serves after one stopped
   * (docs/decisions/067). Its LISTENs are made again, but notifications of the statements the old
   * one was running when it stopped may never have been sent.
   */
  onRestarted?: (listener: () => void) => void;
};

export const DRIZZLE_CASING = 'snake_case' as const;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * An in-process PGlite (tests and benches; the server's runs in a worker thread, openDatabase) runs
 * its queries in this thread, and its queue hands each query to the next in microtasks: with 30
 * queries waiting the event loop read no socket until all had run (166 ms measured), so a request
 * needing no database waited as long as a database read. Here statements (and whole transactions)
 * run one at a time, as PGlite's one connection runs them anyway, with one event-loop turn before
 * each (issue 32). It spreads PGlite's CPU between requests; it does not take it off this thread.
 */
function yieldBetweenStatements(client: PGlite, answered: () => void): void {
  let tail: Promise<unknown> = Promise.resolve();
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    const gated = (...args: unknown[]) => {
      const turn = tail.then(nextTurn).then(async () => {
        const result = await original(...args);
        answered();
        return result;
      });
      tail = turn.catch(() => undefined);
      return turn;
    };
    Object.assign(client, { [name]: gated });
  }
}

function pgliteHandle(
  client: PgliteClient,
  subscribe: (answered: () => void) => void,
  onClose?: () => Promise<void> | void,
): DatabaseHandle {
  let lastAnsweredAt = Number.NEGATIVE_INFINITY;
  const listeners: (() => void)[] = [];
  subscribe(() => {
    lastAnsweredAt = performance.now();
    for (const listener of listeners) listener();
  });
  // drizzle-orm/pglite calls query, exec and transaction only (the worker handle's whole surface).
  const db = drizzlePglite({ client: client as PGlite, schema, casing: DRIZZLE_CASING }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    lastAnsweredAt: () => (client.closed ? Number.NEGATIVE_INFINITY : lastAnsweredAt),
    onAnswered: (listener) => listeners.push(listener),
    close: async () => {
      await client.close();
      await onClose?.();
    },
  };
}

/** A handle on a PGlite in this thread (tests and benches). */
export function fromPglite(client: PGlite, onClose?: () => Promise<void> | void): DatabaseHandle {
  return pgliteHandle(client, (answered) => yieldBetweenStatements(client, answered), onClose);
}

/** A handle on the PGlite a worker thread runs (the server's, openDatabase). */
export function fromPgliteThread(thread: PgliteThread, onClose?: () => Promise<void> | void): DatabaseHandle {
  return {
    ...pgliteHandle(thread, (answered) => thread.onAnswered(answered), onClose),
    onRestarted: (listener) => thread.onRestarted(listener),
  };
}

/** Bounds on every wait for PostgreSQL, so a frozen or unreachable server fails fast (503), never hangs. */
export type PostgresTimeouts = {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** Server-side statement_timeout and idle_in_transaction_session_timeout; the client-side query timeout is a little longer. */
  statementMs: number;
};

/** /api/health answers within this whatever the database does. */
export const HEALTH_PROBE_MS = 800;

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectMs: 2_000, statementMs: 10_000 };

export function fromPostgres(
  connectionString: string,
  options: { max?: number; timeouts?: PostgresTimeouts } = {},
): DatabaseHandle {
  const timeouts = options.timeouts ?? DEFAULT_POSTGRES_TIMEOUTS;
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    // The server cancels a statement or an abandoned transaction; the client gives up on a server
    // that answers nothing at all (frozen), which the server-side timeouts cannot see.
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + 1_000,
    keepAlive: true,
  });
  // Every checked-out client gets its own error listener: pool.on('error') alone does not stop a
  // crash when the server drops a connection mid-transaction (STACK-NOTES).
  // 'drain': the server has answered everything asked on that connection. Under load this is
  // constant, and /api/health needs no round trip of its own to know the database answers.
  let lastAnsweredAt = Number.NEGATIVE_INFINITY;
  const listeners: (() => void)[] = [];
  pool.on('connect', (client) => {
    const unheard = () => {
      lastAnsweredAt = Number.NEGATIVE_INFINITY;
    };
    client.on('error', unheard);
    client.on('end', unheard);
    client.on('drain', () => {
      lastAnsweredAt = performance.now();
      for (const listener of listeners) listener();
    });
  });
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema, casing: DRIZZLE_CASING }) as unknown as Database;
  const probeTimeoutMs = Math.min(timeouts.connectMs, HEALTH_PROBE_MS);
  const probePool = new pg.Pool({
    connectionString,
    max: 1,
    connectionTimeoutMillis: probeTimeoutMs,
    statement_timeout: probeTimeoutMs,
    query_timeout: probeTimeoutMs,
    keepAlive: true,
  });
  probePool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  probePool.on('error', () => undefined);
  const probe = drizzlePg({ client: probePool, schema, casing: DRIZZLE_CASING }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    pool,
    url: connectionString,
    probe,
    answeredWithin: (ms) => !pool.ending && performance.now() - lastAnsweredAt <= ms,
    lastAnsweredAt: () => (pool.ending ? Number.NEGATIVE_INFINITY : lastAnsweredAt),
    onAnswered: (listener) => listeners.push(listener),
    close: async () => {
      await Promise.all([pool.end(), probePool.end()]);
    },
  };
}

/**
 * Opens the configured database: PostgreSQL when a URL is given, else PGlite in dataDir (locked),
 * run by a worker thread so that its WebAssembly does not take the request thread's CPU (ADR 065).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  timeouts?: PostgresTimeouts;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return fromPostgres(options.databaseUrl, { timeouts: options.timeouts });
  const dir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const lock: DataDirLock = acquireDataDirLock(options.dataDir);
  try {
    const thread = await startPgliteThread({ dataDir: dir });
    return fromPgliteThread(thread, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}
