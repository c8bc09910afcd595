import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/server/app.ts';
import { fromPglite } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { users } from '../src/server/db/schema/index.ts';
import { readTestVariable } from '../src/server/env.ts';
import { bearerFor, benchEnv } from './support/bench-app.ts';
import { DEFAULT_ASSUMPTIONS, project } from '../src/shared/ideas/projections.ts';
import { IDEA_VALIDATIONS_PER_MINUTE } from '../src/shared/ideas/ideas.schemas.ts';

// Issue 14: how long an idea's validation takes — POST /api/ideas/:id/validate through the app
// (engine analysis of the idea's market, the five scores, hypotheses, one transaction) on PGlite,
// first and repeated validations, p50/p95; and the pure projections (3 scenarios, 36 months,
// sensitivity) that the client recomputes on every keystroke. Lexical retrieval, like search.bench.

const DATASETS_DIR = path.resolve(readTestVariable('DATASETS_DIR') ?? '../shared/data');
const hasFull = fs.existsSync(DATASETS_DIR);
const IDEAS = [
  ['Veterinary telehealth for pet owners', 'Pet owners and small veterinary clinics'],
  ['Bookkeeping for restaurants', 'Independent restaurant owners'],
  ['Legal research for lawyers', 'Small law firms'],
  ['Meal kits for busy families', 'Working parents'],
  ['Short-term rental management for hosts', 'Airbnb hosts with one to five homes'],
  ['Coding bootcamp for career changers', 'Adults changing careers into software'],
  ['Payroll for small businesses', 'Small business owners with under 20 staff'],
  ['Hiring platform for hourly workers', 'Restaurants and retailers hiring hourly staff'],
];
/** As many rounds as one user's validation limit allows in a minute: the bench measures, it does not hit the limit. */
const ROUNDS = Math.floor(IDEA_VALIDATIONS_PER_MINUTE / IDEAS.length);

function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
const fmt = (samples: number[], digits = 1) =>
  `p50 ${quantile(samples, 0.5).toFixed(digits)} ms, p95 ${quantile(samples, 0.95).toFixed(digits)} ms, max ${quantile(samples, 1).toFixed(digits)} ms (n=${samples.length})`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-bench-ideas-'));
const database = fromPglite(await PGlite.create());
const env = benchEnv(dataDir, {
  ...(hasFull ? { DATASETS_DIR } : {}),
});
try {
  await runMigrations(database);
  const app = await buildApp({ env, database });
  await app.ready();
  try {
    const [user] = await database.db
      .insert(users)
      .values({ email: `bench-${randomBytes(4).toString('hex')}@example.test`, name: 'Bench' })
      .returning();
    if (!user) throw new Error('no user');
    // Access tokens belong to a session family (hardening): issue one as a sign-in would.
    const headers = await bearerFor(app, app.deps.db, user.id);
    const ids: number[] = [];
    for (const [title, targetMarket] of IDEAS) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/ideas',
        headers,
        payload: {
          title,
          targetMarket,
          description: `${title}: a benchmark idea with a long enough description.`,
          businessModel: 'Monthly subscription',
          category: 'saas',
          initialInvestment: 50_000,
          monthlyRevenue: 8_000,
          monthlyExpenses: 5_000,
        },
      });
      ids.push(res.json<{ data: { id: number } }>().data.id);
    }
    const first: number[] = [];
    const repeat: number[] = [];
    let insufficient = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const id of ids) {
        const start = performance.now();
        const res = await app.inject({ method: 'POST', url: `/api/ideas/${id}/validate`, headers });
        (round === 0 ? first : repeat).push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`validate failed: ${res.statusCode} ${res.body}`);
        if (round === 0 && res.json<{ data: { overallScore: number | null } }>().data.overallScore === null)
          insufficient++;
      }
    }
    const corpus = hasFull ? 'full corpus' : 'seed corpus';
    console.log(
      `POST /api/ideas/:id/validate, first validation of ${ids.length} ideas (${corpus}, PGlite): ${fmt(first)}`,
    );
    console.log(`  (${insufficient} of ${ids.length} answered "insufficient data")`);
    console.log(`POST /api/ideas/:id/validate, re-validation (${corpus}, PGlite): ${fmt(repeat)}`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const pure: number[] = [];
for (let i = 0; i < 500; i++) {
  const start = performance.now();
  project({ initialInvestment: 50_000 + i, monthlyRevenue: 8_000, monthlyExpenses: 5_000 }, DEFAULT_ASSUMPTIONS);
  pure.push(performance.now() - start);
}
console.log(`project() — 3 scenarios × 36 months + sensitivity (5 inputs × 2): ${fmt(pure, 3)}`);
