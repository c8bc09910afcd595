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
import { JPEG_LOGO } from '../src/server/test/images.ts';

// Issue 17: size and generation time of every export of one analysis, through the app (access check,
// allowance, file): the analysis PDF unbranded and branded (logo, name, accent), the validated idea's PDF,
// the action plan's PDF, the opportunities CSV, the pitch deck (PPTX) and the signed bundle. A Pro account
// (no allowance to run out of); lexical retrieval, like search.bench; the full corpus when DATASETS_DIR (or ../shared/data)
// exists, otherwise the seed corpus.

const DATASETS_DIR = path.resolve(readTestVariable('DATASETS_DIR') ?? '../shared/data');
const hasFull = fs.existsSync(DATASETS_DIR);
const QUERY = 'bookkeeping for restaurants';
const ROUNDS = 9;

function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-bench-exports-'));
const database = fromPglite(await PGlite.create());
const env = benchEnv(dataDir, {
  ...(hasFull ? { DATASETS_DIR } : {}),
});

type Headers = { authorization: string };

try {
  await runMigrations(database);
  const app = await buildApp({ env, database });
  await app.ready();
  try {
    const signIn = async (values: Partial<typeof users.$inferInsert>): Promise<Headers> => {
      const [user] = await database.db
        .insert(users)
        .values({ email: `bench-${randomBytes(4).toString('hex')}@example.test`, name: 'Bench', ...values })
        .returning();
      if (!user) throw new Error('no user');
      return bearerFor(app, app.deps.db, user.id);
    };
    const call = async (headers: Headers, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    };
    const dataOf = <T>(res: { json: <J>() => J }) => res.json<{ data: T }>().data;

    const pro = await signIn({ subscriptionTier: 'pro', subscriptionStatus: 'active' });
    const branded = await signIn({ subscriptionTier: 'pro', subscriptionStatus: 'active' });
    await call(branded, 'PUT', '/api/exports/branding', { companyName: 'Acme Research Ltd', accentColor: '#0f766e' });
    await call(branded, 'PUT', '/api/exports/branding/logo', { data: JPEG_LOGO.toString('base64') });

    /** The same analysis, idea and plan for an account: their ids. */
    const prepare = async (headers: Headers) => {
      const search = dataOf<{ search: { id: number } }>(await call(headers, 'POST', '/api/search', { query: QUERY }));
      const detail = dataOf<{ results: { id: number }[] }>(
        await call(headers, 'GET', `/api/searches/${search.search.id}`),
      );
      const idea = dataOf<{ id: number }>(
        await call(headers, 'POST', '/api/ideas', {
          title: 'Bookkeeping for restaurants',
          description: 'Monthly bookkeeping and payroll for independent restaurants.',
          targetMarket: 'Independent restaurants',
          businessModel: 'Monthly subscription',
          category: 'saas',
          initialInvestment: 40_000,
          monthlyRevenue: 9_000,
          monthlyExpenses: 6_000,
          sourceSearchResultId: detail.results[0]?.id,
        }),
      );
      await call(headers, 'POST', `/api/ideas/${idea.id}/validate`);
      const plan = dataOf<{ id: number }>(
        await call(headers, 'POST', '/api/action-plans', { searchResultId: detail.results[0]?.id }),
      );
      return { searchId: search.search.id, opportunities: detail.results.length, ideaId: idea.id, planId: plan.id };
    };
    const ids = await prepare(pro);
    const brandedIds = await prepare(branded);

    const exportsOf = (x: typeof ids) => [
      ['Analysis PDF', `/api/exports/searches/${x.searchId}/pdf`],
      ['Idea PDF', `/api/exports/ideas/${x.ideaId}/pdf`],
      ['Action plan PDF', `/api/exports/plans/${x.planId}/pdf`],
      ['Opportunities CSV', `/api/exports/searches/${x.searchId}/csv`],
      ['Pitch deck PPTX', `/api/exports/searches/${x.searchId}/pptx?template=classic`],
      ['Bundle JSON', `/api/exports/searches/${x.searchId}/bundle`],
    ];
    const rows: string[] = [];
    const measure = async (label: string, headers: Headers, url: string) => {
      await call(headers, 'GET', url); // warm-up (fonts, templates, JIT)
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const started = performance.now();
        const res = await call(headers, 'GET', url);
        times.push(performance.now() - started);
        bytes = res.rawPayload.length;
      }
      rows.push(
        `${label.padEnd(30)} ${`${(bytes / 1024).toFixed(1)} KB`.padStart(10)}   p50 ${quantile(times, 0.5).toFixed(1).padStart(6)} ms   max ${quantile(times, 1).toFixed(1).padStart(6)} ms`,
      );
    };
    for (const [label, url] of exportsOf(ids)) await measure(label ?? '', pro, url ?? '');
    for (const [label, url] of exportsOf(brandedIds).slice(0, 3)) {
      await measure(`${label ?? ''} (branded)`, branded, url ?? '');
    }
    await measure('Pitch deck PPTX (branded)', branded, exportsOf(brandedIds)[4]?.[1] ?? '');

    console.log(
      `exports of one analysis ("${QUERY}", ${ids.opportunities} ${ids.opportunities === 1 ? 'opportunity' : 'opportunities'}, ${hasFull ? 'full corpus' : 'seed corpus'}), ${ROUNDS} rounds after a warm-up, through app.inject on PGlite:`,
    );
    for (const row of rows) console.log(`  ${row}`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
