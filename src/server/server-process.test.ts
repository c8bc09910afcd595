import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess, waitForHealthy, type ServerProcess } from './test/server-process.ts';
import { seedPgliteDataDir } from './test/pglite-data-dir.ts';

// The real entry point as a process: data-folder lock, graceful shutdown, bad environment.
const started: ServerProcess[] = [];
const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-proc-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(started.map(stopServerProcess));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

// PGlite's data-folder lock and the start-up checks: the same on any database, so scripts/pg-suites.ts
// leaves this file out of the PostgreSQL pass. Several processes on one PostgreSQL, started at the same
// moment on an empty database: multi-instance.pg.test.ts.
describe('the server process', () => {
  it('refuses a second process on the same PGlite folder, and finishes in-flight requests on SIGTERM', async () => {
    const dataDir = tempDir();
    await seedPgliteDataDir(dataDir);
    const first = await startServerProcess({ DATA_DIR: dataDir, ENABLE_TEST_HOOKS: 'true' });
    started.push(first);
    await waitForHealthy(first);

    const second = await startServerProcess({ DATA_DIR: dataDir });
    started.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use by another Unbuilt process`);

    // A request in flight when SIGTERM arrives still completes; the process then exits cleanly.
    const inFlight = fetch(`${first.url}/api/__test/foundation/slow?ms=1500`).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { data: { waitedMs: number } },
    }));
    await new Promise((r) => setTimeout(r, 300));
    first.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.body.data.waitedMs).toBe(1500);
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);
    // Two server processes and a fresh PGlite folder (initdb: 3–17 s here): more than the default on 2 busy cores.
  }, 90_000);

  it('stops at start-up with a message naming a bad variable', async () => {
    const server = await startServerProcess({ DATA_DIR: tempDir(), PORT: '3000', LOG_LEVEL: 'loud' });
    started.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('LOG_LEVEL');
  });
});
