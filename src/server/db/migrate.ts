import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.ts';
import { rowsOf } from './rows.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));
// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_KEY = 724_133_901;

/**
 * Applies pending migrations. Drizzle runs them in one transaction, so a crash mid-way leaves the
 * database as before and the next start retries. On PostgreSQL a session advisory lock makes
 * concurrent starts wait for each other instead of racing.
 */
export async function runMigrations(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (handle.kind === 'pglite' && handle.pglite) {
    // In-process or the worker thread's handle: drizzle's migrator uses query, exec and transaction.
    await migratePglite(drizzlePglite({ client: handle.pglite as PGlite }), { migrationsFolder });
    return;
  }
  if (!handle.pool) throw new Error('PostgreSQL handle without a pool');
  const client = await handle.pool.connect();
  client.on('error', () => undefined);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** How many migrations the database has recorded against how many the code ships. */
export async function migrationStatus(
  handle: DatabaseHandle,
): Promise<{ applied: number; expected: number; upToDate: boolean }> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const expected = journal.entries.length;
  const rows = rowsOf<{ n: number | string }>(
    await handle.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`), // drizzle's bookkeeping
  );
  // count(*) is a number on PGlite and a string on pg (STACK-NOTES): map explicitly.
  const applied = Number(rows[0]?.n ?? 0);
  return { applied, expected, upToDate: applied >= expected };
}
