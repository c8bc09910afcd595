import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { DEFAULT_POSTGRES_TIMEOUTS, fromPglite, fromPostgres, type DatabaseHandle } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

// A fresh, migrated database for one test file: a PGlite copy of the template, or — when
// TEST_DATABASE_URL is set — a new PostgreSQL database created for this file and dropped after it.

export type TestDatabase = DatabaseHandle & { engineName: 'pglite' | 'postgres' };

function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('testDatabaseUrl');
  if (adminUrl) {
    const name = `unbuilt_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    // Suites flood the pool on purpose (1,000 concurrent reservations); on a loaded 2-core machine the
    // production 2 s wait for a free connection is not what they test (db/outage.test.ts does, with its own handles).
    const handle = fromPostgres(withDatabaseName(adminUrl, name), {
      max: 20,
      timeouts: { ...DEFAULT_POSTGRES_TIMEOUTS, connectMs: 15_000 },
    });
    await runMigrations(handle);
    return {
      ...handle,
      engineName: 'postgres',
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const template = fs.readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([template]) });
  return { ...fromPglite(client), engineName: 'pglite' };
}
