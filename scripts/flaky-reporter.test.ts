import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLAKY_HEADING } from './flaky-reporter.ts';

// The reporter on a real Vitest run: a test that fails once and passes on its retry is named; one that
// passes at once, one that fails every time, and one that fails on purpose (test.fails), are not.

const vitest = path.resolve('node_modules/vitest/vitest.mjs');
const reporter = path.resolve('scripts/flaky-reporter.ts');

describe('the flaky-test reporter', () => {
  it('names a test that passed only on a retry, and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-flaky-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'sample.test.mjs'),
        [
          "import { expect, it } from 'vitest';",
          'let tries = 0;',
          "it('passes on its second try', () => { tries++; expect(tries).toBe(2); });",
          "it('passes at once', () => { expect(1).toBe(1); });",
          "it('always fails', () => { expect(1).toBe(2); });",
          "it.fails('fails on purpose', () => { expect(1).toBe(2); });",
        ].join('\n'),
      );
      const run = spawnSync(
        process.execPath,
        [vitest, 'run', '--root', dir, '--retry', '1', '--reporter', 'default', '--reporter', reporter],
        { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } },
      );
      const out = `${run.stdout}${run.stderr}`;
      expect(run.status, out).toBe(1);
      expect(out).toContain(FLAKY_HEADING);
      const after = out.slice(out.indexOf(FLAKY_HEADING)).split('\n').slice(1);
      const listed = after.slice(
        0,
        after.findIndex((line) => !line.startsWith('  - ')),
      );
      expect(listed).toEqual([`  - ${path.join(dir, 'sample.test.mjs')} > passes on its second try (1 retry)`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
