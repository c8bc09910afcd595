import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketReportDto } from '#shared/market-research/market-research.schemas.ts';
import { FREE_MONTHLY_SEARCHES } from '#shared/plans/plans.constants.ts';
import { analyticsEvents, marketReports } from '../../db/schema/index.ts';
import { FIXTURE_DATASETS_DIR } from '../../engine/test/engine-fixtures.ts';
import { createUser, reloadUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Market research reports on the engine's fixture datasets (real O*NET, BLS and YC rows for a few
// markets, dentists among them), through the real engine.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DATASETS_DIR: FIXTURE_DATASETS_DIR } });
});
afterAll(() => t.close());

const run = (u: TestUser, market: string) =>
  t.app.inject({ method: 'POST', url: '/api/market-research', headers: u.headers, payload: { market } });
const open = async (u: TestUser, id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/market-research/${id}`, headers: u.headers })).json<{
    data: MarketReportDto;
  }>().data;

describe('market research', () => {
  it('reports on dental practices: occupations with BLS figures, O*NET tasks and software, NAICS, counted as one search', async () => {
    const u = await createUser(t);
    const res = await run(u, 'dental practices');
    expect(res.statusCode).toBe(200);
    const { upgradeRequired, report } = res.json<{ data: { upgradeRequired: boolean; report: { id: number } } }>().data;
    expect(upgradeRequired).toBe(false);
    const r = await open(u, report.id);
    expect(r).toMatchObject({ market: 'dental practices', status: 'ok', countedAsSearch: true });
    expect(r.corpus.kind).toBe('full');
    expect(r.profile.query.words.map((w) => w.word)).toEqual(['dental', 'practice']);
    expect(r.profile.query.words[0]!.synonyms).toContain('dentist');
    expect(r.profile.industries.map((i) => i.title)).toContain('Offices of Dentists');
    const dentists = r.profile.occupations.find((o) => o.soc === '29-1021.00');
    expect(dentists).toBeDefined();
    // BLS row of the fixture: 141.0 → 147.7 thousand, +4.8 %, 4.3 thousand openings, $166,300.
    expect(dentists).toMatchObject({
      employment2023: 141,
      employment2033: 147.7,
      percentChange: 4.8,
      annualOpenings: 4.3,
      medianWage: 166300,
    });
    expect(dentists!.tasks.length).toBeGreaterThan(0);
    expect(dentists!.software.map((s) => s.product)).toEqual(expect.arrayContaining(['ACE Dental', 'AlphaDent']));
    expect(r.caveats.join(' ')).toMatch(/not found in our data/);
    expect((await reloadUser(t, u.user.id)).searchCount).toBe(1);
    const [event] = await t.db.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, u.user.id));
    expect(event).toMatchObject({ eventType: 'market_research_run', metadata: { reportId: report.id } });
  });

  it('is saved, listed newest first and re-openable; another user gets 404', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const first = (await run(u, 'dental practices')).json<{ data: { report: { id: number } } }>().data.report.id;
    const second = (await run(u, 'tutoring')).json<{ data: { report: { id: number } } }>().data.report.id;
    const list = (await t.app.inject({ method: 'GET', url: '/api/market-research', headers: u.headers })).json<{
      data: { items: { id: number; market: string }[] };
    }>().data;
    expect(list.items.map((i) => i.id)).toEqual([second, first]);
    expect((await open(u, first)).market).toBe('dental practices');
    const theirs = await t.app.inject({ method: 'GET', url: `/api/market-research/${first}`, headers: other.headers });
    expect(theirs.statusCode).toBe(404);
    const otherList = (
      await t.app.inject({ method: 'GET', url: '/api/market-research', headers: other.headers })
    ).json<{ data: { items: unknown[] } }>().data;
    expect(otherList.items).toEqual([]);
  });

  it('a market with no data gets an honest empty report that uses no search', async () => {
    const u = await createUser(t);
    const res = await run(u, 'zxqv blorf');
    const id = res.json<{ data: { report: { id: number } } }>().data.report.id;
    const r = await open(u, id);
    expect(r).toMatchObject({ status: 'empty', countedAsSearch: false, opportunities: [] });
    expect(r.profile.occupations).toEqual([]);
    expect(r.profile.startups.companies).toBe(0);
    expect(r.opportunitiesNote).toEqual(expect.any(String));
    expect((await reloadUser(t, u.user.id)).searchCount).toBe(0);
  });

  it('at the free limit answers upgradeRequired and stores nothing', async () => {
    const u = await createUser(t, { searchCount: FREE_MONTHLY_SEARCHES, lastResetDate: t.clock.now() });
    const res = await run(u, 'dental practices');
    expect(res.json()).toEqual({ success: true, data: { upgradeRequired: true, report: null } });
    expect(await t.db.db.select().from(marketReports).where(eq(marketReports.userId, u.user.id))).toEqual([]);
  });

  it('concurrent reports with one search left: exactly one is run and stored', async () => {
    const u = await createUser(t, { searchCount: FREE_MONTHLY_SEARCHES - 1, lastResetDate: t.clock.now() });
    const answers = await Promise.all([
      run(u, 'dental practices'),
      run(u, 'dental practices'),
      run(u, 'dental practices'),
    ]);
    const stored = answers.filter((a) => a.statusCode === 200 && a.json<{ data: { report: unknown } }>().data.report);
    expect(stored).toHaveLength(1);
    expect(await t.db.db.select().from(marketReports).where(eq(marketReports.userId, u.user.id))).toHaveLength(1);
    expect((await reloadUser(t, u.user.id)).searchCount).toBe(FREE_MONTHLY_SEARCHES);
  });

  it('starts from the user’s own analysis and links back to it; another user’s analysis is a 404 that uses nothing', async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const searched = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: u.headers,
      payload: { query: 'scheduling for dental practices' },
    });
    expect(searched.statusCode, searched.body).toBe(200);
    const searchId = searched.json<{ data: { search: { id: number } } }>().data.search.id;
    const from = (user: TestUser, id: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/market-research',
        headers: user.headers,
        payload: { market: 'scheduling for dental practices', sourceSearchId: id },
      });

    const refused = await from(other, searchId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await reloadUser(t, other.user.id)).searchCount).toBe(0);
    expect(await t.db.db.select().from(marketReports).where(eq(marketReports.userId, other.user.id))).toEqual([]);
    expect((await from(u, 2_147_483_000)).statusCode).toBe(404);

    const res = await from(u, searchId);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ data: { report: { id: number } } }>().data.report.id;
    expect((await open(u, id)).source).toEqual({ searchId, query: 'scheduling for dental practices' });
    // A report run from the form has no source; a deleted analysis leaves the report without a link.
    const plain = (await run(u, 'dental practices')).json<{ data: { report: { id: number } } }>().data.report.id;
    expect((await open(u, plain)).source).toBeNull();
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/searches/${searchId}`, headers: u.headers });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await open(u, id)).source).toBeNull();
  });

  it.each([[''], ['x'], ['a'.repeat(501)]])('rejects the market %j with 400', async (market) => {
    const u = await createUser(t);
    const res = await run(u, market);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});
