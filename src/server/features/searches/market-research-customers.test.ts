import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketReportDto } from '#shared/market-research/market-research.schemas.ts';
import { marketReports } from '../../db/schema/index.ts';
import { loadEngineIndex } from '../../engine/engine.ts';
import { FIXTURE_DATASETS_DIR, fixtureEnv } from '../../engine/test/engine-fixtures.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The report's customers are the analysis's customer industry (issue 28 point 9, issue 29 point 7): real
// engine, by meaning, on the fixture datasets (staffing matrix and County Business Patterns slices).

let t: TestApp;
beforeAll(async () => {
  // By meaning, as the product runs: the fixture's sentence vectors take a few seconds to compute.
  await (
    await loadEngineIndex(fixtureEnv({ SEMANTIC_SEARCH: 'true' }))
  ).semantic.settled;
  t = await createTestApp({ env: { DATASETS_DIR: FIXTURE_DATASETS_DIR, SEMANTIC_SEARCH: 'true' } });
}, 240_000);
afterAll(() => t.close());

const run = async (u: TestUser, market: string): Promise<number> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/market-research',
    headers: u.headers,
    payload: { market },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { report: { id: number } } }>().data.report.id;
};
const open = async (u: TestUser, id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/market-research/${id}`, headers: u.headers })).json<{
    data: MarketReportDto;
  }>().data;

describe('market research: who the customers are (issue 28 point 9)', () => {
  it('names the customer industry of a business query from the analysis evidence: NAICS, establishments, staff', async () => {
    const u = await createUser(t);
    const r = await open(u, await run(u, 'insurance verification for dental clinics'));
    const customers = r.customers!;
    expect(customers.noIndustryNote).toBeNull();
    const byId = (id: string) => customers.evidence.find((e) => e.id === id);
    expect(byId('industry:customer')).toMatchObject({ source: 'staffing', ref: '6212', value: 'Offices of dentists' });
    // County Business Patterns 2021 in the fixture: 135,333 offices of dentists.
    expect(byId('industry:establishments')).toMatchObject({ source: 'census', ref: '6212', value: 135333 });
    const staff = customers.evidence.filter((e) => e.id.startsWith('industry:staff:'));
    expect(staff.map((e) => e.ref)).toEqual(['31-9091', '29-2021', '29-1021']);
    // Only industry evidence is carried, exactly as the report's own opportunity cites it.
    expect(customers.evidence.every((e) => e.id.startsWith('industry:'))).toBe(true);
    expect(r.opportunities.map((o) => o.title)).toContain(customers.opportunityTitle);
  });

  it('says plainly that no customer industry is named for a consumer market, with no size', async () => {
    const u = await createUser(t);
    const r = await open(u, await run(u, 'daily meal delivery'));
    expect(r.opportunities.length).toBeGreaterThan(0);
    expect(r.customers).toEqual({
      opportunityTitle: null,
      evidence: [],
      noIndustryNote: expect.stringMatching(/^The analysis names no single customer industry: .*consumers/),
    });
  });

  it('reads a report saved before the customers section as having none recorded', async () => {
    const u = await createUser(t);
    const id = await run(u, 'dental practices');
    const [row] = await t.db.db.select().from(marketReports).where(eq(marketReports.id, id));
    const { customers: _dropped, ...before } = row!.report;
    await t.db.db.update(marketReports).set({ report: before }).where(eq(marketReports.id, id));
    expect((await open(u, id)).customers).toBeNull();
  });
});
