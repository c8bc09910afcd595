import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { createThrowawayDatabase } from '../test/throwaway-postgres.ts';
import { fromPostgres } from './client.ts';
import { MIGRATIONS_DIR, migrationStatus, runMigrations } from './migrate.ts';
import { rowsOf } from './rows.ts';

type Journal = {
  version: string;
  dialect: string;
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
};

/** A copy of the real migrations plus one extra migration with the given SQL. */
function migrationsWithExtra(extraSql: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal;
  const last = journal.entries.at(-1)!;
  const tag = '9999_recovery_probe';
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  fs.writeFileSync(path.join(dir, `${tag}.sql`), extraSql);
  return dir;
}

async function tableExists(db: TestDatabase, name: string): Promise<boolean> {
  const rows = rowsOf<{ n: number | string }>(
    await db.db.execute(sql`select count(*) as n from information_schema.tables where table_name = ${name}`),
  );
  return Number(rows[0]?.n) > 0;
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

describe('migrations', () => {
  it('roll back a migration that fails half-way, and apply it on the next start once fixed', async () => {
    const before = await migrationStatus(db);
    const broken = migrationsWithExtra(
      'CREATE TABLE "recovery_probe" ("id" integer);\n--> statement-breakpoint\nSELECT no_such_function();',
    );
    await expect(runMigrations(db, broken)).rejects.toThrow();
    expect(await tableExists(db, 'recovery_probe')).toBe(false);
    expect((await migrationStatus(db)).applied).toBe(before.applied);

    const fixed = migrationsWithExtra('CREATE TABLE "recovery_probe" ("id" integer);');
    await runMigrations(db, fixed);
    expect(await tableExists(db, 'recovery_probe')).toBe(true);
    expect((await migrationStatus(db)).applied).toBe(before.applied + 1);
  });

  it('are a no-op when everything is applied', async () => {
    const before = await migrationStatus(db);
    await runMigrations(db);
    expect(await migrationStatus(db)).toEqual(before);
  });
});

// Concurrent starts only race on PostgreSQL (PGlite is one process, guarded by the DATA_DIR lock),
// so this runs in the PostgreSQL pass of CI.
const adminUrl = inject('testDatabaseUrl');
if (adminUrl) {
  describe('migrations on PostgreSQL', () => {
    it('let four instances starting at once on an empty database all come up, applying each migration once', async () => {
      const throwaway = await createThrowawayDatabase(adminUrl, 'unbuilt_migrate');
      const handles = Array.from({ length: 4 }, () => fromPostgres(throwaway.url, { max: 2 }));
      try {
        await Promise.all(handles.map((h) => runMigrations(h)));
        const status = await migrationStatus(handles[0]!);
        expect(status.upToDate).toBe(true);
        expect(status.applied).toBe(status.expected);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
        await throwaway.drop();
      }
    });
  });
}
