import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOverrides } from '../app.ts';
import type { Env } from '../env.ts';
import { createClock, type Clock } from '../lib/platform/clock.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { testEnv } from './test-env.ts';

export type TestApp = {
  app: FastifyInstance;
  db: TestDatabase;
  clock: Clock;
  env: Env;
  close: () => Promise<void>;
};

/** Builds the real app on a fresh database. Call close() in afterAll. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    overrides?: AppOverrides;
    clock?: Clock;
    database?: TestDatabase;
    /** Where log lines go (with a LOG_LEVEL other than silent), to assert what is logged. */
    logStream?: { write: (line: string) => void };
    /** Register extra routes before the app is ready (e.g. a probe route for body parsing). */
    extend?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const db = options.database ?? (await createTestDatabase());
  const env = testEnv(options.env);
  const clock = options.clock ?? createClock();
  const app = await buildApp({
    env,
    database: db,
    clock,
    overrides: options.overrides,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    clock,
    env,
    close: async () => {
      await app.close();
      if (!options.database) await db.close();
      fs.rmSync(env.DATA_DIR_ABS, { recursive: true, force: true });
    },
  };
}
