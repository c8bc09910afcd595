import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

// `npm test`: unit + server suites (PGlite; PostgreSQL too when TEST_DATABASE_URL is set), client
// component tests, then the browser suite against the built app. Outside CI a machine without
// Chromium skips the browser suite with one line; under CI=true that is a failure.

const isCi = process.env.CI === 'true';
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const extra = process.argv.slice(2);

function run(args, env = {}) {
  const result = spawnSync(process.execPath, [...vitest, ...args, ...extra], {
    stdio: 'inherit',
    env: { ...env, ...process.env },
  });
  return result.status ?? 1;
}

// Without isolation: the files of a worker share its module cache, so each file no longer imports the
// whole app again (each still gets its own database and app); 207–224 s against 357–390 s isolated,
// same machine (docs/decisions/046-ci-time.md, "Sixth stop", decision 16).
let status = run(['--project', 'server', '--project', 'client', '--no-isolate']);
if (status !== 0) process.exit(status);

if (!fs.existsSync(chromium)) {
  if (isCi) {
    console.error(
      `Browser tests need Chromium at ${chromium} (CI=true: this is a failure). Install it with: apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log(
    `Browser tests skipped: no Chromium at ${chromium}. Install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`,
  );
  process.exit(0);
}
// The whole browser suite, two files at a time, each worker on its own server (E2E_WORKERS overrides).
status = run(['--project', 'e2e'], { E2E_WORKERS: '2' });
process.exit(status);
