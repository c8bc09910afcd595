import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { HeatCellDetailDto, HeatMapDto } from '#shared/market-trends/market-trends.schemas.ts';
import type { TrendingDto } from '#shared/trends/trends.schemas.ts';
import type { EnginePool } from '../../engine/pool/engine-pool.ts';
import type { TrendsCorpus } from '../../engine/pool/trends-corpus.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { scaled } from '../../test/timeouts.ts';

// The trends screens on the engine pool (issue 32): the request thread never loads the engine's
// index for them (7–10 s and ~330 MB on the full datasets); a worker builds what they read, once
// per corpus version, while the request thread keeps answering.

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

const SCRIPTED_WORKER = new URL('../../engine/pool/test/scripted-worker.mjs', import.meta.url);

function company(slug: string, year: number, tags: string[]): TrendsCorpus['companies'][number] {
  return {
    slug,
    name: slug,
    oneLiner: `${slug} does things`,
    status: 'Active',
    batch: `W${String(year)}`,
    website: null,
    year,
    launchedAt: null,
    tags,
    evidenceDate: `${String(year)}-07-01`,
  };
}

/** What a worker would build, small enough to read: three healthcare companies and one in finance. */
const WORKER_CORPUS: TrendsCorpus = {
  version: 'scripted',
  kind: 'seed',
  companies: [
    company('clinic-one', 2021, ['scheduling']),
    company('clinic-two', 2022, ['scheduling']),
    company('clinic-three', 2022, ['billing']),
    company('ledger-one', 2022, ['accounting']),
  ],
  categories: ['healthcare', 'healthcare', 'healthcare', 'finance'],
  projections: new Map([
    ['29-1021', { title: 'Dentists, General', employment2023: 100, employment2033: 110, percentChange: 10 }],
  ]),
  documentFrequency: new Map([['scheduling', 2]]),
};

describe('trends on the engine pool', () => {
  it('builds the trends corpus in a worker while the request thread keeps answering, then reuses it', async () => {
    const t = await createTestApp({ env: { ENGINE_WORKERS: '1' }, overrides: { engineWorker: SCRIPTED_WORKER } });
    apps.push(t);
    const pool = t.app.engine as EnginePool;
    const channel = new BroadcastChannel(`scripted-engine:${t.env.DATA_DIR_ABS}`);
    const user = await createUser(t);
    let isAnswered = false;
    const heatMap = t.app.inject({ method: 'GET', url: '/api/market-trends', headers: user.headers }).then((res) => {
      isAnswered = true;
      return res;
    });
    // The worker holds the request: the corpus is being built there.
    await vi.waitFor(() => expect(pool.load().running).toBe(1));

    // Meanwhile the event loop is free: a timer fires, health answers, the trends page still waits.
    const timerFired = await new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 5));
    expect(timerFired).toBe(true);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().data.status).toBe('busy');
    expect(isAnswered).toBe(false);

    channel.postMessage({ trendsCorpus: WORKER_CORPUS });
    const res = await heatMap;
    channel.close();
    expect(res.statusCode).toBe(200);
    const map = res.json<{ data: HeatMapDto }>().data;
    expect(map.corpus).toEqual({ version: 'scripted', kind: 'seed', companies: 4 });
    expect(map.years).toEqual([2021, 2022]);
    const healthcare = map.rows.find((r) => r.key === 'healthcare')!;
    expect(healthcare.cells.map((c) => c.entries)).toEqual([1, 2]);
    expect(healthcare.occupations.map((o) => o.soc)).toEqual(['29-1021']);

    // Every trends screen reads the same copy: no second job reaches the worker (it would be held).
    const cell = await t.app.inject({
      method: 'GET',
      url: '/api/market-trends/cell?category=healthcare&year=2022',
      headers: user.headers,
    });
    expect(cell.statusCode).toBe(200);
    expect(cell.json<{ data: HeatCellDetailDto }>().data.companies.map((c) => c.slug)).toEqual([
      'clinic-three',
      'clinic-two',
    ]);
    const trending = await t.app.inject({ method: 'GET', url: '/api/trending', headers: user.headers });
    expect(trending.statusCode).toBe(200);
    expect(trending.json<{ data: TrendingDto }>().data.corpus).toEqual({
      version: 'scripted',
      kind: 'seed',
      latestYear: 2022,
    });
    expect(pool.load().running).toBe(0);
  });

  it(
    'the real engine worker gives the trends screens the same answers as the engine in process',
    async () => {
      const pooled = await createTestApp({ env: { ENGINE_WORKERS: '1' } });
      const inProcess = await createTestApp();
      apps.push(pooled, inProcess);
      const answers = await Promise.all(
        [pooled, inProcess].map(async (t) => {
          const user = await createUser(t);
          const get = async (url: string) => {
            const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
            expect(res.statusCode, url).toBe(200);
            return res.json<{ data: Record<string, unknown> }>().data;
          };
          const map = (await get('/api/market-trends')) as HeatMapDto;
          const cell = await get(
            `/api/market-trends/cell?category=${map.rows[0]!.key}&year=${String(map.years.at(-1))}`,
          );
          const trending = await get('/api/trending');
          return { map: { ...map, computedAt: null }, cell, trending };
        }),
      );
      expect(answers[0]).toEqual(answers[1]);
      expect((answers[0]!.map.corpus as { companies: number }).companies).toBeGreaterThan(0);
      // Two apps load the seed corpus (one in a worker): generous, on a CI machine shared with other suites.
    },
    scaled(120_000),
  );
});
