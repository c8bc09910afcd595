import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NOT_ON_POSTGRES, postgresSuites, staysOut } from './pg-suites.ts';

// The PostgreSQL pass of CI runs only the suites that reach a database: none may be missed.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the PostgreSQL pass selection', () => {
  const suites = postgresSuites();

  it('takes every suite that builds a test app or database, or asks for PostgreSQL', () => {
    const all = ['src/server', 'src/shared', 'scripts', 'eslint'].flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => path.join(dir, f)),
    );
    const direct = all.filter((file) =>
      /createTestApp\(|createTestDatabase\(|inject\('testDatabaseUrl'\)/.test(
        fs.readFileSync(path.join(root, file), 'utf8'),
      ),
    );
    expect(direct.length).toBeGreaterThan(40);
    expect(direct.filter((file) => !suites.includes(file) && !(file in NOT_ON_POSTGRES))).toEqual([]);
  });

  it('leaves out only listed suites that exist, reach a database and, unless PGlite-only, show nothing the pass is for', () => {
    const everySuite = postgresSuites(root, { all: true });
    for (const [file, rule] of Object.entries(NOT_ON_POSTGRES)) {
      expect(everySuite, `${file} (${rule}) is not a suite that reaches a database`).toContain(file);
      expect(suites).not.toContain(file);
    }
    const marked = Object.entries(NOT_ON_POSTGRES).filter(
      ([file, rule]) => !staysOut(rule, fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(marked).toEqual([]);
    // The rules themselves: a marker brings any suite back, SQL, a clock or a job a writes-covered one.
    expect(staysOut('reads-covered', 'await db.transaction(async () => {});')).toBe(false);
    expect(staysOut('writes-covered', 'await runJob(t, "digest");')).toBe(false);
    expect(staysOut('writes-covered', 'const [row] = await t.db.db.select({ n: sql<number>`count(*)` });')).toBe(false);
    expect(staysOut('writes-covered', 't.clock.advance(HOUR_MS);')).toBe(false);
    expect(staysOut('reads-covered', 't.clock.advance(HOUR_MS);')).toBe(true);
    expect(staysOut('writes-covered', "await call(user, { method: 'POST', url: '/api/contributions' });")).toBe(true);
    expect(staysOut('pglite-only', 'await db.transaction(async () => {});')).toBe(true);
    // The suites the pass is for stay in it.
    for (const file of [
      'src/server/multi-instance.pg.test.ts',
      'src/server/read-routes.test.ts',
      'src/server/write-routes.test.ts',
      'src/server/db/migrate.test.ts',
      'src/server/db/outage.test.ts',
      'src/server/features/searches/search-quota.test.ts',
    ]) {
      expect(suites).toContain(file);
    }
  });

  it('takes a listed suite back when it gains a concurrent or transactional test', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-pg-suites-'));
    const [listed] = Object.entries(NOT_ON_POSTGRES).find(([, rule]) => rule !== 'pglite-only') ?? [];
    try {
      if (!listed) throw new Error('no suite is listed under a rule the markers apply to');
      fs.mkdirSync(path.dirname(path.join(dir, listed)), { recursive: true });
      fs.mkdirSync(path.join(dir, 'src/server/test'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'src/server/test/test-database.ts'), 'export const x = 1;\n');
      const importDb = `import { x } from '${path.relative(path.dirname(path.join(dir, listed)), path.join(dir, 'src/server/test/test-database.ts'))}';\n`;
      fs.writeFileSync(path.join(dir, listed), importDb);
      expect(postgresSuites(dir)).toEqual([]);
      fs.writeFileSync(path.join(dir, listed), `${importDb}await db.transaction(async () => {});\n`);
      expect(postgresSuites(dir)).toEqual([listed]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('follows chains of helpers and aliases, takes PostgreSQL-only suites, and ignores type-only imports', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-pg-suites-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    try {
      write('src/server/test/test-database.ts', 'export const x = 1;\n');
      write('src/server/test/helper.ts', "import { x } from './test-database.ts';\n");
      write('src/server/a/via-helper.test.ts', "import { y } from '#server/test/helper.ts';\n");
      write('src/server/a/dynamic.test.ts', "const m = await import('../test/helper.ts');\n");
      write('src/server/a/type-only.test.ts', "import type { X } from '../test/test-database.ts';\n");
      write('src/shared/pure.test.ts', "import { z } from 'zod';\n");
      write('src/server/a/cluster.pg.test.ts', "import { y } from 'vitest';\n");
      expect(postgresSuites(dir)).toEqual([
        'src/server/a/cluster.pg.test.ts',
        'src/server/a/dynamic.test.ts',
        'src/server/a/via-helper.test.ts',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves out suites that never touch a database, even when they import a test helper type', () => {
    expect(suites).not.toContain('src/shared/auth/auth.schemas.test.ts');
    expect(suites).not.toContain('src/server/engine/engine.test.ts');
    expect(suites).not.toContain('src/server/engine/engine.full-corpus.test.ts');
  });
});
