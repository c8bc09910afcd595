import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv, type Env } from '../env.ts';

// The environment of a test app (a fresh DATA_DIR, silent logs, the test JWT secret), apart from
// test-app.ts so suites that need only an Env (the engine's) do not load the test database.

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export function testEnv(overrides: Record<string, string> = {}): Env {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-test-'));
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    SEMANTIC_SEARCH: 'false',
    // In-process engine: a worker per test app would load the corpus again (the pool has its own tests).
    ENGINE_WORKERS: '0',
    ...overrides,
  });
}
