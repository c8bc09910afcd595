import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { postgresSuites } from './pg-suites.ts';

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
    expect(direct.filter((file) => !suites.includes(file))).toEqual([]);
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
