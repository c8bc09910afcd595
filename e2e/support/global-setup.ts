import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../src/server/test/server-process.ts';
import { SERVER_START_TIMEOUT_MS } from './timeouts.ts';
import { provideVectors } from './vectors.ts';

// Browser-suite global setup: build the client from the current sources into a private folder, start
// the real server (`node --import tsx src/server/index.ts`) serving it on a free port with a throwaway
// DATA_DIR — one per worker — wait for /api/health, hand the base URLs to the specs via
// inject('baseUrls'), and stop and remove it all afterwards.

declare module 'vitest' {
  export interface ProvidedContext {
    /** One test server per worker, in VITEST_POOL_ID order (browser.ts's baseUrl() picks the worker's). */
    baseUrls: string[];
    /** The client built for this run, for a spec that starts a second server (another corpus). */
    clientDir: string;
  }
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Start-up includes loading the seed corpus's sentence vectors (computed just before, below).
const HEALTH_TIMEOUT_MS = SERVER_START_TIMEOUT_MS;

/**
 * Builds the client into a private folder for this run. dist/client is shared: another run (or
 * `npm start`) may rebuild it while this suite's server is serving it, deleting its assets.
 */
function buildClient(outDir: string): void {
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      // vitest sets NODE_ENV=test, which would make Vite build React's development bundle.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error('The client build failed; browser tests need a built client.');
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with ${child.exitCode} before it was healthy:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      // Healthy, and answering by meaning: every journey sees the analysis a user would.
      const body = response.ok ? ((await response.json()) as { data?: { engine?: { semantic?: boolean } } }) : null;
      if (body?.data?.engine?.semantic === true) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server was not healthy within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killTimer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

type TestServer = { baseUrl: string; child: ChildProcess };

/** The real server on a free port with its own DATA_DIR (and so its own database), healthy. */
async function startServer(dataDir: string, clientDir: string): Promise<TestServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    CLIENT_DIST_DIR: clientDir,
    ENABLE_TEST_HOOKS: 'true',
    // As `npm start` runs: the seed corpus's sentence vectors are loaded (here from DATA_DIR's cache) on start.
    SEMANTIC_SEARCH: 'true',
    // Its engine threads keep their priority: lowered, they waited behind the browsers and the other
    // servers of the run, and a search outlasted its journey's wait (ADR 063).
    ENGINE_THREAD_PRIORITY: 'normal',
    LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
  };
  // The browser suite always runs on its own embedded database, on the built-in seed corpus and the
  // offline composer: the same answers on every machine, whatever the caller's environment holds.
  delete env.DATABASE_URL;
  delete env.DATASETS_DIR;
  delete env.AI_PROVIDER;
  delete env.SMTP_URL;
  delete env.PAYMENTS_PROVIDER;

  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src', 'server', 'index.ts')], {
    cwd: ROOT,
    env,
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { baseUrl, child };
}

/**
 * One server per worker (the project's maxWorkers: E2E_WORKERS, vitest.config.ts): files that run at
 * the same time never share a server's clock, outbox, rate limits or database. A worker finds its
 * own through VITEST_POOL_ID (browser.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-e2e-'));
  const clientDir = path.join(workDir, 'client');
  const workers = Math.max(1, project.config.maxWorkers ?? 1);
  const dataDirs = Array.from({ length: workers }, (_, i) => path.join(workDir, `data-${i + 1}`));
  for (const dir of dataDirs) fs.mkdirSync(dir);
  buildClient(clientDir);
  // The seed corpus's sentence vectors, from the test cache (computed there once): the servers load them on start.
  await provideVectors(undefined, 'seed-engine-data', dataDirs);
  const started = await Promise.allSettled(dataDirs.map((dir) => startServer(dir, clientDir)));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((server) => stop(server.child)));
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((server) => server.baseUrl),
  );
  project.provide('clientDir', clientDir);
  return stopAll;
}
