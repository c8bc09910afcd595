import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { DEFAULT_POSTGRES_TIMEOUTS, fromPglite, fromPostgres, type DatabaseHandle } from '../db/client.ts';

// A fresh, migrated database for one test file: a PGlite copy of the template, or — when
// TEST_DATABASE_URL is set — a new PostgreSQL database copied from a migrated template for this file
// (and dropped when the run ends).

export type TestDatabase = DatabaseHandle & { engineName: 'pglite' | 'postgres' };

function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('testDatabaseUrl');
  const pgTemplate = inject('testDatabaseTemplate');
  if (adminUrl && pgTemplate) {
    const name = `${inject('testDatabasePrefix')}${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // A copy of the migrated template (global setup): no migrations to run per file.
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${pgTemplate}"`);
    await admin.end();
    // Suites flood the pool on purpose (1,000 concurrent reservations); on a loaded 2-core machine the
    // production 2 s wait for a free connection is not what they test (db/outage.test.ts does, with its own handles).
    const handle = fromPostgres(withDatabaseName(adminUrl, name), {
      max: 20,
      timeouts: { ...DEFAULT_POSTGRES_TIMEOUTS, connectMs: 15_000 },
    });
    return {
      ...handle,
      engineName: 'postgres',
      // The database itself is dropped with the run's others when the run ends (global setup's teardown).
      close: () => handle.close(),
    };
  }
  return createPgliteTestDatabase();
}

/** A PGlite database from the migrated template, whatever TEST_DATABASE_URL says (for suites that need PGlite's handle). */
export async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const template = fs.readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([template]) });
  return { ...fromPglite(client), engineName: 'pglite' };
}
