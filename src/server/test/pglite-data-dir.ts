import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

// Not in test-database.ts: a suite that only seeds a server process's PGlite folder does not touch
// the test database, so scripts/pg-suites.ts leaves it out of the PostgreSQL pass.

/**
 * Fills a server process's DATA_DIR with a copy of the migrated PGlite template, so the process
 * opens a ready database (about a second) instead of running initdb and every migration (3–17 s
 * and more on a busy machine) before it answers.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const template = fs.readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([template]) });
  await client.close();
}
