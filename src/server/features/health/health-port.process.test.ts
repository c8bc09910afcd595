import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { healthyResponseSchema } from '#shared/api/health.schemas.ts';
import {
  freePort,
  startServerProcess,
  stopServerProcess,
  waitForHealthy,
  type ServerProcess,
} from '../../test/server-process.ts';
import { seedPgliteDataDir } from '../../test/pglite-data-dir.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { scaled } from '../../test/timeouts.ts';

// The real entry point with HEALTH_PORT, its request thread blocked by a synchronous loop (a test
// hook): GET /api/health on the main port cannot answer until the loop ends, the health port answers
// at once, "busy" (alive: keep routing), and "ok" again when the loop is over. Before ADR 043 there
// was only the main port, and a load balancer saw a busy instance as dead.

const BLOCK_MS = 4_000;
const started: ServerProcess[] = [];
const dirs: string[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(started.map(stopServerProcess));
  await Promise.all(databases.map((d) => d.close()));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function health(url: string, timeoutMs: number) {
  const startedAt = performance.now();
  const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
  return { status: res.status, ms: performance.now() - startedAt, body: await res.json() };
}

const kind = inject('testDatabaseUrl') ? 'PostgreSQL' : 'PGlite';

describe(`the health port of a server process on ${kind}`, () => {
  it(
    'answers "busy" at once while the request thread is blocked, where the main port cannot answer',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-health-port-'));
      dirs.push(dataDir);
      const env: Record<string, string> = { DATA_DIR: dataDir, ENABLE_TEST_HOOKS: 'true', ENGINE_WORKERS: '0' };
      if (inject('testDatabaseUrl')) {
        const database = await createTestDatabase();
        databases.push(database);
        env.DATABASE_URL = database.url!;
      } else await seedPgliteDataDir(dataDir);
      const healthPort = await freePort();
      const server = await startServerProcess({ ...env, HEALTH_PORT: String(healthPort) });
      started.push(server);
      await waitForHealthy(server, scaled(90_000));
      const healthUrl = `http://127.0.0.1:${String(healthPort)}`;

      const before = await health(healthUrl, 5_000);
      expect(before.status).toBe(200);
      expect(healthyResponseSchema.parse(before.body).data.status).toBe('ok');

      const blocked = fetch(`${server.url}/api/__test/foundation/block?ms=${String(BLOCK_MS)}`, { method: 'POST' });
      // Past the 1 s a late heartbeat is allowed, well before the loop ends.
      await sleep(1_500);
      const [main, port] = await Promise.allSettled([health(server.url, 1_000), health(healthUrl, 1_000)]);
      expect((await blocked).status).toBe(200);

      expect(main.status).toBe('rejected');
      expect(port.status).toBe('fulfilled');
      const during = (port as PromiseFulfilledResult<Awaited<ReturnType<typeof health>>>).value;
      expect(during.status).toBe(200);
      expect(during.ms).toBeLessThan(500);
      const { data } = healthyResponseSchema.parse(during.body);
      expect(data).toMatchObject({
        status: 'busy',
        database: { reachable: true },
        migrations: { upToDate: true },
        requestThread: { closing: false },
      });
      expect(data.busy).toContain('event-loop');
      expect(data.requestThread!.heartbeatAgeMs).toBeGreaterThan(1_000);

      // The loop over, the heartbeat is fresh again.
      let after = await health(healthUrl, 5_000);
      for (let i = 0; i < 20 && (after.body as { data: { status: string } }).data.status !== 'ok'; i++) {
        await sleep(100);
        after = await health(healthUrl, 5_000);
      }
      expect(after.status).toBe(200);
      expect(healthyResponseSchema.parse(after.body).data.status).toBe('ok');
    },
    scaled(120_000),
  );
});
