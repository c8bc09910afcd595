import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { fromPostgres, type DatabaseHandle } from '../../src/server/db/client.ts';

/** A fresh PostgreSQL database for one benchmark, dropped (with its connections) by `drop()`. */
export async function throwawayPostgres(
  adminUrl: string,
  prefix: string,
): Promise<{ database: DatabaseHandle; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = fromPostgres(url.toString(), { max: 20 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
