import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FREE_MONTHLY_SEARCHES, FREE_SEARCHES_PER_MINUTE } from '#shared/plans/plans.constants.ts';
import { readTestVariable } from './env.ts';
import { AUTH_THROTTLES } from './features/auth/auth-throttle.service.ts';
import { REFRESH_GRACE_MS } from './features/auth/refresh-token.service.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './test/round-robin-proxy.ts';
import {
  registerOverHttp,
  startServerProcess,
  stopServerProcess,
  waitForHealthy,
  type ServerProcess,
} from './test/server-process.ts';

// Several API instances on one database, behind a round-robin proxy (the scale-out shape of
// ARCHITECTURE): what one instance decides, the others must honour. PostgreSQL only (PGlite is one
// process by design). Two instances in CI; `npm run soak -- --instances N` runs it with N.

describe('the round-robin proxy', () => {
  it('sends requests to the instances in turn, over one keep-alive connection too', async () => {
    const servers = await Promise.all(
      ['a', 'b'].map(
        (name) =>
          new Promise<http.Server>((resolve) => {
            const server = http.createServer((_req, res) => res.end(name));
            server.listen(0, '127.0.0.1', () => resolve(server));
          }),
      ),
    );
    const proxy = await startRoundRobinProxy();
    try {
      proxy.setTargets(servers.map((s) => (s.address() as { port: number }).port));
      const answers: string[] = [];
      for (let i = 0; i < 4; i++) answers.push(await (await fetch(proxy.url)).text());
      expect(answers).toEqual(['a', 'b', 'a', 'b']);
    } finally {
      await proxy.close();
      for (const server of servers) server.close();
    }
  });
});

const adminUrl = inject('testDatabaseUrl');
// 2 or 3: more would spread a free user's per-minute searches too thin to reach the quota.
const instances = Math.min(3, Math.max(2, Number(readTestVariable('MULTI_INSTANCES') ?? 2)));
if (adminUrl) {
  describe(`${instances} API instances on one PostgreSQL`, () => {
    const name = `unbuilt_multi_${Date.now().toString(36)}`;
    const dirs: string[] = [];
    let servers: ServerProcess[] = [];
    let proxy: RoundRobinProxy;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      proxy = await startRoundRobinProxy();
      servers = await Promise.all(
        Array.from({ length: instances }, () => {
          const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-multi-'));
          dirs.push(dir);
          return startServerProcess({
            DATA_DIR: dir,
            DATABASE_URL: url.toString(),
            JWT_SECRET: 'multi-instance-secret-that-is-long-enough-0123',
            PUBLIC_URL: proxy.url,
            ENABLE_TEST_HOOKS: 'true',
            LOG_LEVEL: 'warn',
            // As in production: each instance caches what its auth guard read (ADR 030).
            AUTH_CACHE_TTL_MS: '60000',
          });
        }),
      );
      await Promise.all(servers.map((server) => waitForHealthy(server, 150_000)));
      proxy.setTargets(servers.map((server) => server.port));
    }, 180_000);

    afterAll(async () => {
      await Promise.all(servers.map(stopServerProcess));
      await proxy.close();
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    const post = (base: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: proxy.url, ...headers },
        body: JSON.stringify(body),
      });

    async function register(): Promise<{ token: string; cookie: string }> {
      const { accessToken, cookie } = await registerOverHttp(proxy.url, {
        email: `multi-${Math.random().toString(36).slice(2, 10)}@example.test`,
        password: 'Violet-Harbour-Lantern-42',
        name: 'Multi Instance',
      });
      return { token: accessToken, cookie };
    }

    const me = (base: string, token: string) =>
      fetch(`${base}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });

    it('gives a free user exactly the monthly searches, whichever instance answers, and both report the same use', async () => {
      const { token } = await register();
      // Rounds of one search on each instance at once: the quota is decided by all of them together.
      // The attempts stay within the per-minute limit; with more than two instances some meet the
      // in-flight cap (429) and the later rounds still reach the quota.
      // Each answer: a stored analysis, the upgrade prompt (quota spent: 200 with no search) or 429.
      const outcomes: string[] = [];
      for (let round = 0; round < Math.floor(FREE_SEARCHES_PER_MINUTE / instances); round++) {
        outcomes.push(
          ...(await Promise.all(
            servers.map((server) =>
              post(
                server.url,
                '/api/search',
                { query: 'bookkeeping for restaurants' },
                { authorization: `Bearer ${token}` },
              ).then(async (res) => {
                const body = (await res.json()) as { data?: { search?: unknown; upgradeRequired?: boolean } };
                if (res.status === 200 && body.data?.search) return 'stored';
                if (res.status === 200 && body.data?.upgradeRequired) return 'upgrade';
                return String(res.status);
              }),
            ),
          )),
        );
      }
      expect(outcomes.filter((o) => o === 'stored')).toHaveLength(FREE_MONTHLY_SEARCHES);
      expect(outcomes.filter((o) => o !== 'stored' && o !== 'upgrade' && o !== '429')).toEqual([]);
      for (const server of servers) {
        const usage = await fetch(`${server.url}/api/user/usage`, { headers: { authorization: `Bearer ${token}` } });
        expect(((await usage.json()) as { data: { searchesUsed: number } }).data.searchesUsed).toBe(
          FREE_MONTHLY_SEARCHES,
        );
      }
    }, 120_000);

    it('ends a session on every instance when it is signed out on one (each had it cached)', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const { token, cookie } = await register();
      for (const server of [a, b, a, b]) expect((await me(server.url, token)).status).toBe(200);
      const logout = await fetch(`${a.url}/api/auth/logout`, {
        method: 'POST',
        headers: { origin: proxy.url, cookie: `unbuilt_refresh=${cookie}` },
      });
      expect(logout.status).toBe(200);
      await expect.poll(async () => (await me(b.url, token)).status, { timeout: 3_000, interval: 20 }).toBe(401);
      expect((await me(a.url, token)).status).toBe(401);
    });

    it('detects a refresh token used on one instance and replayed on another', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const { token, cookie } = await register();
      const refresh = (server: ServerProcess) =>
        fetch(`${server.url}/api/auth/refresh`, {
          method: 'POST',
          headers: { origin: proxy.url, cookie: `unbuilt_refresh=${cookie}` },
        });
      expect((await refresh(a)).status).toBe(200);
      // Past the grace window for a racing tab: the replay is a stolen copy.
      for (const server of servers) {
        const res = await post(server.url, '/api/__test/clock', { advanceMs: REFRESH_GRACE_MS + 1_000 });
        expect(res.status).toBe(200);
      }
      try {
        expect((await refresh(b)).status).toBe(401);
        // The whole family is revoked: the access token of that sign-in stops working everywhere.
        await expect.poll(async () => (await me(a.url, token)).status, { timeout: 3_000, interval: 20 }).toBe(401);
      } finally {
        for (const server of servers) await post(server.url, '/api/__test/clock', { reset: true });
      }
    });

    it('counts a rate limit once across instances', async () => {
      const { limit } = AUTH_THROTTLES.passwordResetRequest;
      const before = proxy.served();
      const statuses: number[] = [];
      for (let i = 0; i < limit + 4; i++) {
        const res = await post(proxy.url, '/api/auth/password/forgot', { email: `nobody-${i}@example.test` });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 429)).toHaveLength(4);
      expect(statuses.slice(0, limit).every((s) => s === 202)).toBe(true);
      // Every instance answered some of them, yet the limit held for all of them together.
      const after = proxy.served();
      for (const server of servers)
        expect((after.get(server.port) ?? 0) - (before.get(server.port) ?? 0)).toBeGreaterThanOrEqual(
          Math.floor((limit + 4) / instances),
        );
    });
  });
}
