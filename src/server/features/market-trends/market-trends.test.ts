import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SURVIVAL_MIN_AGE_YEARS,
  type HeatCellDetailDto,
  type HeatMapDto,
} from '#shared/market-trends/market-trends.schemas.ts';
import { CATEGORIES } from '#shared/searches/filters.schemas.ts';
import { loadEngineIndex } from '../../engine/engine.ts';
import { companyCategory } from '../../engine/pipeline/classify.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { heatMapComputations, readTrend } from './market-trends.service.ts';

let t: TestApp;
let a: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  a = await createUser(t);
});
afterAll(() => t.close());

const get = (url: string, u: TestUser | null = a) => t.app.inject({ method: 'GET', url, headers: u ? u.headers : {} });
const heat = async (qs = '') => (await get(`/api/market-trends${qs}`)).json<{ data: HeatMapDto }>().data;

describe('GET /api/market-trends', () => {
  it('needs a signed-in user', async () => {
    expect((await get('/api/market-trends', null)).statusCode).toBe(401);
  });

  it('has the ten categories as rows, batch years as columns, sources and the corpus version', async () => {
    const map = await heat();
    const index = await loadEngineIndex(t.env);
    expect(map.rows.map((r) => r.key)).toEqual([...CATEGORIES]);
    expect(map.corpus).toEqual({
      version: index.corpus.version,
      kind: 'seed',
      companies: index.corpus.companies.length,
    });
    const years = [...new Set(index.corpus.companies.map((c) => c.year).filter((y) => y !== null))].sort();
    expect(map.years).toEqual(years);
    expect(map.sources.map((s) => s.label)).toEqual([
      'Y Combinator directory (seed sample)',
      'BLS Employment Projections 2023–2033',
    ]);
    // Every dated company is in exactly one category cell.
    const total = map.rows.reduce((s, r) => s + r.cells.reduce((x, c) => x + c.entries, 0), 0);
    expect(total).toBe(index.corpus.companies.filter((c) => c.year !== null).length);
    expect(map.scale).toEqual({
      min: Math.min(...map.rows.flatMap((r) => r.cells.map((c) => c.value!))),
      max: Math.max(...map.rows.flatMap((r) => r.cells.map((c) => c.value!))),
    });
  });

  it('recomputes a cell from the corpus: its count equals the companies listed when it is clicked', async () => {
    const map = await heat('?metric=share');
    const index = await loadEngineIndex(t.env);
    const row = map.rows.find((r) => r.key === 'healthcare')!;
    const cell = [...row.cells].sort((x, y) => y.entries - x.entries)[0]!;
    expect(cell.entries).toBeGreaterThan(0);
    const expected = index.corpus.companies.filter((c) => companyCategory(c) === 'healthcare' && c.year === cell.year);
    const yearTotal = index.corpus.companies.filter((c) => c.year === cell.year).length;
    expect(cell.entries).toBe(expected.length);
    expect(cell.yearTotal).toBe(yearTotal);
    expect(cell.value).toBeCloseTo((expected.length / yearTotal) * 100, 2);
    const detail = (await get(`/api/market-trends/cell?category=healthcare&year=${cell.year}`)).json<{
      data: HeatCellDetailDto;
    }>().data;
    expect(detail.companies.map((c) => c.slug).sort()).toEqual(expected.map((c) => c.slug).sort());
    expect(detail.entries).toBe(detail.companies.length);
    expect(detail.survivors).toBe(
      detail.companies.filter((c) => c.status !== 'Inactive' && c.status !== 'Unknown').length,
    );
    expect(detail.companies[0]).toEqual(
      expect.objectContaining({ name: expect.any(String), oneLiner: expect.any(String), batch: expect.any(String) }),
    );
    expect(detail.reading.sentence).toMatch(/companies/);
  });

  it('survival is the share still active, acquired or public, for cohorts old enough to have failed (issue 29)', async () => {
    const map = await heat('?metric=survival');
    const nowYear = t.clock.now().getUTCFullYear();
    const young = (year: number) => nowYear - year < SURVIVAL_MIN_AGE_YEARS;
    for (const r of map.rows)
      for (const c of r.cells)
        expect(c.value).toBe(
          c.entries === 0 || young(c.year) ? null : Math.round((c.survivors / c.entries) * 1000) / 10,
        );
  });

  it('hides survival for young cohorts and marks the current, partial year', async () => {
    const realNow = t.clock.now();
    const latest = Math.max(...(await heat()).years);
    t.clock.set(new Date(`${String(latest)}-06-01T00:00:00Z`));
    try {
      const then = await createUser(t);
      const map = (await get('/api/market-trends?metric=survival', then)).json<{ data: HeatMapDto }>().data;
      const last = map.years.length - 1;
      expect(map.years[last]).toBe(latest);
      expect(map.columnLabels[last]).toBe(`${String(latest)} (so far)`);
      expect(map.columnLabels.filter((l) => l.includes('so far'))).toHaveLength(1);
      for (const r of map.rows) expect(r.cells[last]?.value).toBeNull();
    } finally {
      t.clock.set(realNow);
    }
  });

  it('growth: one column, employment-weighted BLS change of the linked occupations, null where none is linked', async () => {
    const map = await heat('?metric=growth');
    expect(map.columnLabels).toEqual(['2023–2033']);
    const food = map.rows.find((r) => r.key === 'food')!;
    expect(food.occupations.map((o) => o.soc)).toEqual(expect.arrayContaining(['35-2014', '11-9051']));
    const before = food.occupations.reduce((s, o) => s + o.employment2023, 0);
    const after = food.occupations.reduce((s, o) => s + o.employment2033, 0);
    expect(food.cells[0]!.value).toBeCloseTo(((after - before) / before) * 100, 1);
    // The seed corpus has no computer occupations: technology has no growth figure, not a made-up one.
    expect(map.rows.find((r) => r.key === 'technology')!.cells[0]!.value).toBeNull();
  });

  it("opens a category's tags on demand and lists a tag cell's companies", async () => {
    const map = await heat('?category=healthcare');
    expect(map.rows.length).toBeGreaterThan(0);
    expect(map.rows.every((r) => r.kind === 'tag')).toBe(true);
    const row = map.rows[0]!;
    const cell = row.cells.find((c) => c.entries > 0)!;
    const detail = (
      await get(`/api/market-trends/cell?category=healthcare&tag=${encodeURIComponent(row.key)}&year=${cell.year}`)
    ).json<{ data: HeatCellDetailDto }>().data;
    expect(detail.companies).toHaveLength(cell.entries);
  });

  it('restricts the columns to a year range', async () => {
    const all = await heat();
    const from = all.years[1]!;
    const to = all.years[all.years.length - 2]!;
    const part = await heat(`?from=${from}&to=${to}`);
    expect(part.years).toEqual(all.years.filter((y) => y >= from && y <= to));
    expect(part.rows[0]!.cells.map((c) => c.year)).toEqual(part.years);
  });

  it.each([
    ['?metric=revenue', 'metric'],
    ['?category=crypto', 'category'],
    ['?from=2020&to=2010', 'to'],
    ['?from=abc', 'from'],
    ['?extra=1', null],
  ])('answers %s with 400 in the error envelope', async (qs, field) => {
    const res = await get(`/api/market-trends${qs}`);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ success: boolean; code: string; fieldErrors?: Record<string, string> }>();
    expect(body.success).toBe(false);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fieldErrors ?? {})).toEqual(field ? expect.arrayContaining([field]) : expect.anything());
  });

  it('rejects a bad cell query and an unknown tag', async () => {
    expect((await get('/api/market-trends/cell?category=healthcare')).statusCode).toBe(400);
    expect((await get('/api/market-trends/cell?category=nope&year=2020')).statusCode).toBe(400);
    const res = await get('/api/market-trends/cell?category=healthcare&tag=not-a-tag&year=2020');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    // The tag is the caller's text: the message does not repeat it.
    const echoed = await get(
      `/api/market-trends/cell?category=healthcare&tag=${encodeURIComponent('<b>echo-me</b>')}&year=2020`,
    );
    expect(echoed.statusCode).toBe(404);
    expect(echoed.body).not.toContain('echo-me');
  });

  it('answers 50 concurrent requests from one cached computation per corpus version', async () => {
    await heat('?category=food');
    const before = heatMapComputations();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        get(`/api/market-trends?metric=${['entries', 'share', 'survival', 'growth'][i % 4]}&category=food`),
      ),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(responses.map((r) => r.json<{ data: HeatMapDto }>().data.computedAt)).size).toBe(1);
    expect(heatMapComputations()).toBe(before);
  });

  it('computes a category grid once even when the first requests arrive together', async () => {
    const before = heatMapComputations();
    const responses = await Promise.all(Array.from({ length: 50 }, () => get('/api/market-trends?category=travel')));
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    expect(heatMapComputations()).toBe(before + 1);
  });
});

describe('readTrend', () => {
  const grid = (entries: Record<number, number>, totals: Record<number, number>) => ({
    counts: new Map([
      ['x', new Map(Object.entries(entries).map(([y, n]) => [Number(y), { entries: n, survivors: 0 }]))],
    ]),
    yearTotals: new Map(Object.entries(totals).map(([y, n]) => [Number(y), n])),
  });
  const totals = { 2018: 100, 2019: 100, 2020: 200, 2021: 200 };

  it('reads rising, falling and flat from the share of the directory, not raw counts', () => {
    // Entries doubled but so did the directory: flat.
    expect(readTrend(grid({ 2018: 5, 2019: 5, 2020: 10, 2021: 10 }, totals), 'x', 2021).direction).toBe('flat');
    const rising = readTrend(grid({ 2018: 2, 2019: 3, 2020: 20, 2021: 20 }, totals), 'x', 2021);
    expect(rising).toMatchObject({ direction: 'rising', change: 3 });
    // The screen writes the direction beside the sentence: the sentence does not repeat it ("Flat · Flat (+19 %…").
    expect(rising.sentence).toBe(
      '+300% share of the directory: 40 of 400 companies (10%) in 2020–2021 against 5 of 200 (2.5%) in 2018–2019.',
    );
    expect(readTrend(grid({ 2018: 10, 2019: 10, 2020: 4, 2021: 4 }, totals), 'x', 2021).direction).toBe('falling');
  });

  it('calls growth from zero "new", not rising by an infinite percentage (issue 29)', () => {
    const fresh = readTrend(grid({ 2020: 3, 2021: 4 }, totals), 'x', 2021);
    expect(fresh).toMatchObject({ direction: 'new', change: null });
    expect(fresh.sentence).toMatch(/^No entries in the earlier years: 7 of 400/);
  });

  it('says when there are too few entries to tell', () => {
    expect(readTrend(grid({ 2020: 1, 2021: 1 }, totals), 'x', 2021).direction).toBe('unknown');
  });
});
