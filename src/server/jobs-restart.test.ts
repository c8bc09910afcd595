import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  registerOverHttp,
  startServerProcess,
  stopServerProcess,
  waitForHealthy,
  type ServerProcess,
} from './test/server-process.ts';
import { seedPgliteDataDir } from './test/pglite-data-dir.ts';
import { createThrowawayDatabase } from './test/throwaway-postgres.ts';
import { scaled } from './test/timeouts.ts';

// Jobs survive a crash: a job queued by a server that is then killed with SIGKILL (no shutdown, no
// flush of anything in memory) runs exactly once after a restart. On the database this run uses:
// PostgreSQL (pg-boss) in the PostgreSQL pass of CI, PGlite (the in-process runner) otherwise.

const started: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(started.map(stopServerProcess));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ ENABLE_TEST_HOOKS: 'true', LOG_LEVEL: 'warn', ...env });
  started.push(server);
  await waitForHealthy(server);
  return server;
}

async function outboxCount(server: ServerProcess, to: string): Promise<number> {
  const res = await fetch(`${server.url}/api/__test/outbox?to=${encodeURIComponent(to)}`);
  if (res.status === 404) return 0;
  return ((await res.json()) as { data: { count: number } }).data.count;
}

async function withDatabase(run: (databaseUrl: string | null) => Promise<void>): Promise<void> {
  const adminUrl = inject('testDatabaseUrl');
  if (!adminUrl) return run(null);
  const throwaway = await createThrowawayDatabase(adminUrl, 'unbuilt_jobs_restart');
  try {
    await run(throwaway.url);
  } finally {
    await throwaway.drop();
  }
}

describe('a queued job and a crash', () => {
  it(
    'runs once after kill -9 and a restart',
    async () => {
      await withDatabase(async (databaseUrl) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-jobs-'));
        dirs.push(dataDir);
        if (!databaseUrl) await seedPgliteDataDir(dataDir);
        const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
        const email = `restart-${Date.now()}@example.test`;

        const first = await start(env);
        await registerOverHttp(first.url, { email, name: 'Rita Restart', password: 'Copper-Lantern-Meadow-61' });
        // The registration link is the first mail; the reset mail queued below must be the second.
        expect(await outboxCount(first, email)).toBe(1);
        const queued = await fetch(`${first.url}/api/__test/jobs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'auth.password-reset-mail',
            payload: { email, meta: { requestId: 'restart-test', ip: '127.0.0.1', userAgent: null } },
            delaySeconds: 3,
          }),
        });
        expect(queued.status).toBe(200);
        first.child.kill('SIGKILL');
        await first.exited;
        // The job was due 3 s after it was queued, and the process died at once: only a restart can run it.
        const second = await start(env);
        const deadline = Date.now() + 30_000;
        while ((await outboxCount(second, email)) === 1 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(await outboxCount(second, email)).toBe(2);
        await new Promise((resolve) => setTimeout(resolve, 3000));
        expect(await outboxCount(second, email)).toBe(2);
        await stopServerProcess(second);
      });
      // Two server starts and a delayed job: generous, for a CI machine shared with other suites.
    },
    scaled(120_000),
  );
});
