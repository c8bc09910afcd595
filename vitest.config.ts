import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = {
  '#shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
  '#server': fileURLToPath(new URL('./src/server', import.meta.url)),
  '#client': fileURLToPath(new URL('./src/client', import.meta.url)),
};

// Suites that only make sense on PostgreSQL (several server processes on one database) are named
// *.pg.test.ts and listed only when TEST_DATABASE_URL is set, as in CI's PostgreSQL pass
// (scripts/pg-suites.ts): the PGlite pass does not list them, rather than skipping them.
const postgresOnly = process.env.TEST_DATABASE_URL?.trim() ? [] : ['**/*.pg.test.ts'];

// Browser files run E2E_WORKERS at a time (default 1; `npm test` runs the whole suite with 2): each
// worker has its own server and database (e2e/support/global-setup.ts), so files never share them.
const e2eWorkers = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS)) || 1);

// The server suites' limits grow by TEST_TIME_SCALE (default 1; CI's PostgreSQL pass, which shares the
// cores with the browser suite, sets 2): src/server/test/timeouts.ts grows the suites' own limits alike.
const serverTimeScale = Math.max(1, Number(process.env.TEST_TIME_SCALE) || 1);

// Three projects: node for shared + server (each server test file gets a fresh PGlite cloned from a
// migrated template built once in global setup), jsdom for client components, e2e for the browser.
export default defineConfig({
  test: {
    // The default output, and the tests that passed only on a retry named at the end (scripts/flaky-reporter.ts).
    reporters: ['default', './scripts/flaky-reporter.ts'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'src/server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'scripts/**/*.test.ts',
            'eslint/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...postgresOnly],
          globalSetup: ['src/server/test/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 30_000 * serverTimeScale,
          hookTimeout: 60_000 * serverTimeScale,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['src/client/test/setup.ts'],
          maxWorkers: 2,
          // Form tests type character by character; 5 s was not enough with the team's suites sharing 2 cores.
          testTimeout: 15_000,
        },
      },
      {
        // Browser tests: the built app on the real server (one per worker, started in global setup)
        // driven by the system Chromium; E2E_WORKERS files at a time.
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: e2eWorkers > 1,
          maxWorkers: e2eWorkers,
          // A hang is still caught; a file sharing the cores with others gets their share of time.
          testTimeout: 60_000 * e2eWorkers,
          // Under CI a journey that fails is run once more, from a new page and a new user: one failure of a
          // loaded machine does not fail the submission, and the reporter names every journey that needed it
          // (docs/decisions/046-ci-time.md, "Seventh stop"). Nowhere else: a retried server test would hide a race.
          retry: process.env.CI === 'true' ? 1 : 0,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
