import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { fromPostgres, type DatabaseHandle } from '../db/client.ts';

// A fresh, empty database on the PostgreSQL server at an admin URL, for the suites, benches and soaks
// that start their own servers (or pools) on it; dropped with its connections by drop(). The
// per-file test databases are copied from a migrated template instead (test-database.ts).

async function asAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export type ThrowawayDatabase = { name: string; url: string; drop: () => Promise<void> };

export async function createThrowawayDatabase(adminUrl: string, prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await asAdmin(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => asAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** A throwaway database with a pool of `max` connections on it (benches); drop() closes the pool first. */
export async function throwawayPostgres(
  adminUrl: string,
  prefix: string,
  max = 20,
): Promise<ThrowawayDatabase & { database: DatabaseHandle }> {
  const throwaway = await createThrowawayDatabase(adminUrl, prefix);
  const database = fromPostgres(throwaway.url, { max });
  return {
    ...throwaway,
    database,
    drop: async () => {
      await database.close();
      await throwaway.drop();
    },
  };
}
