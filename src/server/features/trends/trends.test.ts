import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRENDING_MIN_USERS } from '#shared/trends/trends.constants.ts';
import type { TrendingDto } from '#shared/trends/trends.schemas.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createThemedEngine } from '../../test/fake-engine.ts';
import { growthByKey, recentEvidenceWindow } from './corpus-trends.service.ts';

let t: TestApp;
let a: TestUser;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: createThemedEngine() } });
  t.clock.set(new Date('2026-07-01T00:00:00Z'));
  a = await createUser(t);
});
afterAll(() => t.close());

const run = (u: TestUser, query: string) =>
  t.app
    .inject({ method: 'POST', url: '/api/search', headers: u.headers, payload: { query } })
    .then((r) => r.json<{ data: { search: { id: number } } }>().data.search.id);

describe('trending', () => {
  const NOW = new Date('2026-07-01T00:00:00Z');
  const established = () => createUser(t, { createdAt: new Date(NOW.getTime() - 30 * 86_400_000) });
  const themesSeenBy = async (u: TestUser) =>
    (await t.app.inject({ method: 'GET', url: '/api/trending', headers: u.headers })).json<{ data: TrendingDto }>().data
      .themes;

  it(`shows a theme only once ${String(TRENDING_MIN_USERS)} established other users searched it, never raw query text`, async () => {
    const viewer = await established();
    const others = await Promise.all(Array.from({ length: TRENDING_MIN_USERS }, () => established()));
    await run(viewer, 'health of the viewer');
    for (const [i, u] of others.slice(0, -1).entries()) await run(u, `health records 202${String(i)}`);
    await run(others[0]!, 'health again');
    expect((await themesSeenBy(viewer)).map((x) => x.theme)).not.toContain('health');
    await run(others.at(-1)!, 'health 2024');
    const after = await themesSeenBy(viewer);
    expect(after).toContainEqual({ theme: 'health', users: TRENDING_MIN_USERS, searches: TRENDING_MIN_USERS + 1 });
    expect(JSON.stringify(after)).not.toContain('health records');
  });

  it('does not count fresh accounts, so a handful of new sign-ups cannot reveal whether anyone searched a term', async () => {
    const viewer = await established();
    const real = await established();
    await run(real, 'software for one real user');
    for (let i = 0; i < TRENDING_MIN_USERS + 2; i++)
      await run(await createUser(t, { createdAt: NOW }), 'software probe');
    expect((await themesSeenBy(viewer)).map((x) => x.theme)).not.toContain('software');
  });

  it('never exposes a term that is rare in the corpus, however many established users search it', async () => {
    const viewer = await established();
    for (let i = 0; i < TRENDING_MIN_USERS + 1; i++) await run(await established(), 'pharmacy zyxwquartz');
    expect((await themesSeenBy(viewer)).map((x) => x.theme)).not.toContain('pharmacy');
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
    // The seed sample is small: growth is ranked where the earlier base allows, the rest listed as new after.
    expect(res.categories.length + res.tags.length).toBeGreaterThan(0);
    for (const rows of [res.categories, res.tags]) {
      const ranked = rows.filter((r) => r.growth !== null).map((r) => r.growth ?? 0);
      expect(ranked).toEqual([...ranked].sort((x, y) => y - x));
      expect(rows.slice(ranked.length).every((r) => r.growth === null)).toBe(true);
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
    // ai: 3 recent against 1 earlier is too small a base for a percentage: new.
    expect(rows).toEqual([{ key: 'ai', recent: 3, earlier: 1, growth: null, companies: 4 }]);
  });

  it('ranks growth only on an earlier base of 3 or more, lists growth from zero as new after it (issue 29)', () => {
    const of = (key: string, year: number, n: number) => Array.from({ length: n }, () => ({ keys: [key], year }));
    const rows = growthByKey(
      [
        ...of('printing', 2025, 3),
        ...of('bio', 2025, 5),
        ...of('bio', 2023, 1),
        ...of('fintech', 2025, 6),
        ...of('fintech', 2023, 3),
      ],
      2025,
    );
    expect(rows.map((r) => [r.key, r.growth])).toEqual([
      ['fintech', 1],
      ['bio', null],
      ['printing', null],
    ]);
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
