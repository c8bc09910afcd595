import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/server/app.ts';
import { fromPglite } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { users } from '../src/server/db/schema/index.ts';
import { loadEngineIndex } from '../src/server/engine/engine.ts';
import { readTestVariable } from '../src/server/env.ts';
import { bearerFor, benchEnv } from './support/bench-app.ts';
import type { HeatMapDto } from '../src/shared/market-trends/market-trends.schemas.ts';

// Issue 16 benchmark, on the full corpus (DATASETS_DIR, default ../shared/data): the heat map's first
// computation (corpus already loaded) and its warm p50/p95 through the app (target p95 ≤ 50 ms), and
// the time of a market-research report. Prints the top rising cells too.

const DATASETS_DIR = path.resolve(readTestVariable('DATASETS_DIR') ?? '../shared/data');
const WARM_REQUESTS = 200;
const REPORTS = ['dental practices', 'scheduling for physical therapists', 'bookkeeping for restaurants'];

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

const env = benchEnv(path.resolve('node_modules/.cache/unbuilt/bench-intel'), {
  DATASETS_DIR,
});
let t = performance.now();
await loadEngineIndex(env);
console.log(`corpus load (full, lexical): ${ms(performance.now() - t)}`);

const database = fromPglite(await PGlite.create());
await runMigrations(database);
const app = await buildApp({ env, database });
await app.ready();
const [user] = await database.db
  .insert(users)
  .values({ email: 'bench-intel@example.test', name: 'Bench', plan: 'pro' })
  .returning();
const headers = await bearerFor(app, database.db, user!.id);

t = performance.now();
const first = await app.inject({ method: 'GET', url: '/api/market-trends?metric=share', headers });
console.log(`heat map first computation (through the app): ${ms(performance.now() - t)}`);
const samples: number[] = [];
for (let i = 0; i < WARM_REQUESTS; i++) {
  const metric = ['entries', 'share', 'survival', 'growth'][i % 4];
  const start = performance.now();
  const res = await app.inject({ method: 'GET', url: `/api/market-trends?metric=${metric}`, headers });
  samples.push(performance.now() - start);
  if (res.statusCode !== 200) throw new Error(res.body);
}
console.log(
  `heat map warm (${WARM_REQUESTS} requests): p50 ${ms(quantile(samples, 0.5))}, p95 ${ms(quantile(samples, 0.95))} (target ≤ 50 ms)`,
);

const map = first.json<{ data: HeatMapDto }>().data;
console.log(`top rising cells (corpus ${map.corpus.version}):`);
for (const c of map.topRising) console.log(`  ${c.label} ${c.year}: ${c.reading.sentence}`);

for (const market of REPORTS) {
  const start = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/market-research', headers, payload: { market } });
  if (res.statusCode !== 200) throw new Error(res.body);
  console.log(`market research "${market}": ${ms(performance.now() - start)}`);
}
await app.close();
await database.close();
