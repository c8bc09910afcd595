import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type AutocannonResult } from 'autocannon';
import { API_KEY_REQUESTS_PER_MINUTE } from '../src/shared/api-keys/api-keys.schemas.ts';
import { seededSearch } from './support/seeded-search.ts';
import { buildApp } from '../src/server/app.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { searches, users } from '../src/server/db/schema/index.ts';
import { readTestVariable } from '../src/server/env.ts';
import { bearerFor, benchEnv } from './support/bench-app.ts';
import { createApiKey } from '../src/server/features/api-keys/api-keys.service.ts';
import { throwawayPostgres } from '../src/server/test/throwaway-postgres.ts';

// Issue 21 benchmark: GET /api/v1/searches with API-key auth at 50 connections on PostgreSQL, beside
// the app's session-auth GET /api/searches in the same run and on the same data (a throw-away
// database, dropped at the end). Both answer a first page of 20 searches.
//
// Each key is limited to API_KEY_REQUESTS_PER_MINUTE (60) requests a minute, far below what one
// server answers, so one key would measure 429s. The load is spread over KEYS keys (one Enterprise
// user each, 20 searches each) so that no key reaches its limit (each takes at most one request per
// connection, 50); the figures list non-2xx answers by status, so a limit reached would show. What is measured is the key path itself:
// hash lookup, plan check, the per-key rate-limit counter (a database upsert per request) and the
// list query — against the session path: JWT verification, the user and session-family lookup and
// the same list query.

const PG_ADMIN_URL = readTestVariable('TEST_DATABASE_URL') ?? 'postgres://postgres@127.0.0.1:5432/test';
const CONNECTIONS = 50;
const WARMUP_S = 2;
const DURATION_S = 8;
const KEYS = 800;
const SEARCHES_PER_USER = 20;

// Every connection walks the request list from its start in step with the others, so each key
// takes one request per connection per pass: the warm-up and the measured run use separate halves.
async function loadTest(url: string, requests: { headers: Record<string, string> }[]): Promise<AutocannonResult> {
  const half = Math.ceil(requests.length / 2);
  const warmup = requests.length > 1 ? requests.slice(0, half) : requests;
  const measured = requests.length > 1 ? requests.slice(half) : requests;
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, requests: warmup, workers: 1 });
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests: measured, workers: 1 });
}

function line(label: string, r: AutocannonResult): string {
  const statuses = Object.entries(r.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
  const extra = r.non2xx || r.errors ? ` (${r.non2xx} non-2xx: ${statuses}; ${r.errors} errors)` : '';
  return `${label}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms${extra}`;
}

const { database, drop } = await throwawayPostgres(PG_ADMIN_URL, 'unbuilt_bench_api');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-bench-api-'));

try {
  await runMigrations(database);
  const env = benchEnv(dataDir);
  const app = await buildApp({ env, database });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const now = new Date();
    const periodEnd = new Date(now.getTime() + 30 * 86_400_000);
    const people = await database.db
      .insert(users)
      .values(
        Array.from({ length: KEYS }, (_, i) => ({
          email: `bench-api-${i}-${randomBytes(3).toString('hex')}@example.test`,
          name: `Bench ${i}`,
          plan: 'enterprise' as const,
          subscriptionTier: 'enterprise' as const,
          subscriptionStatus: 'active',
          subscriptionPeriodEnd: periodEnd,
        })),
      )
      .returning();
    for (let i = 0; i < people.length; i += 50) {
      await database.db
        .insert(searches)
        .values(
          people
            .slice(i, i + 50)
            .flatMap((user) =>
              Array.from({ length: SEARCHES_PER_USER }, (_, j) => seededSearch(user.id, j, now.getTime())),
            ),
        );
    }
    const keyHeaders: { headers: Record<string, string> }[] = [];
    for (const user of people) {
      const { key } = await createApiKey({
        db: database.db,
        user,
        now,
        input: { name: 'bench', scopes: ['read'], expiresInDays: null },
      });
      keyHeaders.push({ headers: { authorization: `Bearer ${key}` } });
    }
    const first = people[0];
    if (!first) throw new Error('no users');
    const sessionHeaders = await bearerFor(app, app.deps.db, first.id);

    const probe = await fetch(`${base}/api/v1/searches`, { headers: keyHeaders[0]?.headers });
    const probeItems = ((await probe.json()) as { data?: { items?: unknown[] } }).data?.items?.length;
    console.log(
      `probe: GET /api/v1/searches ${probe.status}, ${probeItems} items; per-key limit ${API_KEY_REQUESTS_PER_MINUTE}/min over ${KEYS} keys`,
    );

    const session = await loadTest(`${base}/api/searches`, [{ headers: sessionHeaders }]);
    const viaKey = await loadTest(`${base}/api/v1/searches`, keyHeaders);
    console.log(`PostgreSQL, ${CONNECTIONS} connections, ${DURATION_S} s each (after ${WARMUP_S} s warm-up):`);
    console.log(line('  GET /api/searches     (session JWT)', session));
    console.log(line('  GET /api/v1/searches  (API key)    ', viaKey));
    console.log(
      `  key path / session path throughput: ${(viaKey.requests.average / session.requests.average).toFixed(2)}`,
    );
  } finally {
    await app.close();
  }
} finally {
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
