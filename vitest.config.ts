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

// Three projects: node for shared + server (each server test file gets a fresh PGlite cloned from a
// migrated template built once in global setup), jsdom for client components, e2e for the browser.
export default defineConfig({
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
        // Browser tests: the built app on the real server (started once in global setup) driven by
        // the system Chromium; one file at a time, since they share that server and 2 cores.
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
