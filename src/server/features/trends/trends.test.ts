import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrendingDto } from '#shared/trends/trends.schemas.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createThemedEngine } from '../../test/fake-engine.ts';
import { growthByKey, recentEvidenceWindow } from './corpus-trends.service.ts';

let t: TestApp;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: createThemedEngine() } });
  t.clock.set(new Date('2026-07-01T00:00:00Z'));
  a = await createUser(t);
  b = await createUser(t);
});
afterAll(() => t.close());

const run = (u: TestUser, query: string) =>
  t.app
    .inject({ method: 'POST', url: '/api/search', headers: u.headers, payload: { query } })
    .then((r) => r.json<{ data: { search: { id: number } } }>().data.search.id);

describe('trending', () => {
  it('shows a theme only once 3 different users searched it, and never raw query text', async () => {
    const c = await createUser(t);
    await run(a, 'pharmacy 2025 2025');
    await run(a, 'pharmacy 2021');
    await run(b, 'pharmacy 2026');
    const before = (await t.app.inject({ method: 'GET', url: '/api/trending', headers: c.headers })).json<{
      data: TrendingDto;
    }>().data;
    expect(before.themes.map((x) => x.theme)).not.toContain('pharmacy');
    await run(c, 'pharmacy 2024');
    const after = (await t.app.inject({ method: 'GET', url: '/api/trending', headers: c.headers })).json<{
      data: TrendingDto;
    }>().data;
    expect(after.themes).toContainEqual({ theme: 'pharmacy', users: 3, searches: 4 });
    expect(JSON.stringify(after)).not.toContain('pharmacy 2025');
  });

  it('ranks categories and tags of the corpus by growth, latest years against the ones before', async () => {
    const res = (await t.app.inject({ method: 'GET', url: '/api/trending', headers: a.headers })).json<{
      data: TrendingDto;
    }>().data;
    expect(res.corpus.kind).toBe('seed');
    expect(res.corpus.latestYear).toEqual(expect.any(Number));
    // Trending Now's window is the seed corpus's own newest evidence, years before today.
    expect(res.recentWindow).not.toBeNull();
    expect(Number(res.recentWindow!.to.slice(0, 4))).toBeGreaterThanOrEqual(res.corpus.latestYear!);
    expect(res.recentWindow!.from < res.recentWindow!.to).toBe(true);
    expect(res.recentWindow!.companies).toBeGreaterThan(1);
    for (const rows of [res.categories, res.tags]) {
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.growth)).toEqual([...rows.map((r) => r.growth)].sort((x, y) => y - x));
      for (const r of rows) expect(r.companies).toBe(r.recent + r.earlier);
    }
  });
});

describe('growthByKey', () => {
  it('compares the latest 2 years with the 2 before, ignores older and undated entries, needs 3 companies, lists only growth', () => {
    const rows = growthByKey(
      [
        { keys: ['ai', 'b2b'], year: 2025 },
        { keys: ['ai'], year: 2024 },
        { keys: ['ai', 'ai'], year: 2024 },
        { keys: ['ai', 'b2b'], year: 2023 },
        { keys: ['b2b'], year: 2022 },
        { keys: ['b2b'], year: 2015 },
        { keys: ['b2b'], year: null },
        { keys: ['rare'], year: 2025 },
      ],
      2025,
    );
    // b2b has enough companies (1 recent, 2 earlier) but shrank: not listed.
    expect(rows).toEqual([{ key: 'ai', recent: 3, earlier: 1, growth: 2, companies: 4 }]);
  });
});

describe('recentEvidenceWindow (Trending Now)', () => {
  it('spans the newest fifth of the dated entries, keeps ties at its start, and is null without dates', () => {
    const dates = [
      '2015-01-01',
      '2016-05-01',
      '2017-03-03',
      '2018-01-01',
      '2019-09-09',
      '2020-02-02',
      '2021-06-06',
      '2022-01-01',
      '2022-01-01',
      '2023-11-21',
    ];
    // 10 dates: the newest 2 are 2022-01-01 and 2023-11-21; the other 2022-01-01 is inside too.
    expect(recentEvidenceWindow(dates)).toEqual({ from: '2022-01-01', to: '2023-11-21', companies: 3 });
    expect(recentEvidenceWindow(['2020-01-01'])).toEqual({ from: '2020-01-01', to: '2020-01-01', companies: 1 });
    expect(recentEvidenceWindow([])).toBeNull();
  });
});
