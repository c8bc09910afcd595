import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';
import { startServerProcess, stopServerProcess, waitForHealthy, type ServerProcess } from './server-process.ts';
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-postgres.ts';
import { scaled } from './timeouts.ts';

// Several API processes (the real entry point, as `npm start` runs it) on one throwaway PostgreSQL
// database, behind a round-robin proxy: the scale-out shape of ARCHITECTURE, for the multi-instance
// suite and `npm run soak -- --instances N`. Each instance has its own DATA_DIR; the database, the
// JWT secret and the public URL are shared, as the README's "Running more than one instance" says.

export type InstanceCluster = {
  servers: ServerProcess[];
  proxy: RoundRobinProxy;
  /** A small pool on the shared database, for what a test reads or sets up directly. */
  sql: pg.Pool;
  /** Just before the instances were started. */
  startedAt: Date;
  close: () => Promise<void>;
};

export async function startInstanceCluster(adminUrl: string, instances: number): Promise<InstanceCluster> {
  const database: ThrowawayDatabase = await createThrowawayDatabase(adminUrl, 'unbuilt_multi');
  const dirs = Array.from({ length: instances }, () => fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-multi-')));
  const proxy = await startRoundRobinProxy();
  const startedAt = new Date();
  // All at once on the empty database: they race to migrate and to create the job queue's schema.
  const servers = await Promise.all(
    dirs.map((dir) =>
      startServerProcess({
        DATA_DIR: dir,
        DATABASE_URL: database.url,
        JWT_SECRET: 'multi-instance-secret-that-is-long-enough-0123',
        PUBLIC_URL: proxy.url,
        ENABLE_TEST_HOOKS: 'true',
        LOG_LEVEL: 'warn',
        // As in production: each instance caches what its auth guard read (ADR 030).
        AUTH_CACHE_TTL_MS: '60000',
        // One engine worker each, so a few searches queue on an instance (the kill test needs some in flight).
        ENGINE_WORKERS: '1',
      }),
    ),
  );
  const sql = new pg.Pool({ connectionString: database.url, max: 2 });
  // An idle connection the server ends (an instance's FORCE drop, a restart) makes the pool emit
  // 'error'; unheard, that would be an uncaught exception in the test process. A query on it still rejects.
  sql.on('error', () => undefined);
  try {
    await Promise.all(servers.map((server) => waitForHealthy(server, scaled(150_000))));
  } catch (error) {
    await Promise.all(servers.map(stopServerProcess));
    await sql.end();
    await proxy.close();
    await database.drop();
    throw error;
  }
  proxy.setTargets(servers.map((server) => server.port));
  return {
    servers,
    proxy,
    sql,
    startedAt,
    close: async () => {
      await Promise.all(servers.map(stopServerProcess));
      await proxy.close();
      await sql.end();
      await database.drop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A JSON request to one instance (or the proxy), with the Origin the instances allow. */
export function call(
  cluster: InstanceCluster,
  base: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: { token?: string; cookie?: string; body?: unknown; accept?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: cluster.proxy.url };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = `unbuilt_refresh=${options.cookie}`;
  if (options.accept) headers.accept = options.accept;
  return fetch(`${base}${url}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

export type ClusterUser = { id: number; email: string; token: string; cookie: string };

/** A user made by the test hook (signed in, onboarding done) on whichever instance the proxy picks. */
export async function fixtureUser(cluster: InstanceCluster, plan: 'free' | 'pro' = 'free'): Promise<ClusterUser> {
  const res = await call(cluster, cluster.proxy.url, 'POST', '/api/__test/session', { body: { plan } });
  if (res.status !== 200) throw new Error(`session: ${res.status} ${await res.text()}`);
  const cookie = /unbuilt_refresh=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const { user, accessToken } = (
    (await res.json()) as {
      data: { user: { id: number; email: string }; accessToken: string };
    }
  ).data;
  return { id: user.id, email: user.email, token: accessToken, cookie };
}

/** Moves every listed instance's test clock (`{ advanceMs }` or `{ reset: true }`). */
export async function setClocks(
  cluster: InstanceCluster,
  servers: ServerProcess[],
  body: { advanceMs: number } | { reset: true },
): Promise<void> {
  for (const server of servers) {
    const res = await call(cluster, server.url, 'POST', '/api/__test/clock', { body });
    if (res.status !== 200) throw new Error(`clock: ${res.status} ${await res.text()}`);
  }
}

/** Queues a registered job on one instance (any instance may run it); its pg-boss id. */
export async function enqueueJob(cluster: InstanceCluster, server: ServerProcess, name: string): Promise<string> {
  const res = await call(cluster, server.url, 'POST', '/api/__test/jobs', { body: { name, payload: {} } });
  if (res.status !== 200) throw new Error(`job: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** How many e-mails the shared outbox holds for an address. */
export async function outboxCount(cluster: InstanceCluster, to: string): Promise<number> {
  const res = await call(cluster, cluster.proxy.url, 'GET', `/api/__test/outbox?to=${encodeURIComponent(to)}`);
  if (res.status === 404) return 0;
  return ((await res.json()) as { data: { count: number } }).data.count;
}
