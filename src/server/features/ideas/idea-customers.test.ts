import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdeaDto } from '#shared/ideas/ideas.schemas.ts';
import { loadEngineIndex } from '../../engine/engine.ts';
import { FIXTURE_DATASETS_DIR, fixtureEnv } from '../../engine/test/engine-fixtures.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Validation counts the customers a business product sells to: the establishments of the customer's
// industry (the fixture datasets hold the staffing matrix and County Business Patterns), not the
// people who work there. Real engine, by meaning, on the fixture datasets.

let t: TestApp;
let a: TestUser;
beforeAll(async () => {
  // By meaning, as the product runs: the fixture's sentence vectors take a few seconds to compute.
  await (
    await loadEngineIndex(fixtureEnv({ SEMANTIC_SEARCH: 'true' }))
  ).semantic.settled;
  t = await createTestApp({ env: { DATASETS_DIR: FIXTURE_DATASETS_DIR, SEMANTIC_SEARCH: 'true' } });
  a = await createUser(t);
}, 240_000);
afterAll(() => t.close());

async function call<T>(method: 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>): Promise<T> {
  const res = await t.app.inject({ method, url, headers: a.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<{ data: T }>().data;
}

describe('reachable customers in a validation', () => {
  it("are the customer industry's establishments, cited to the Census, and feed the market size", async () => {
    const idea = await call<IdeaDto>('POST', '/api/ideas', {
      title: 'Insurance verification for dental clinics',
      description: 'Checks each patient’s dental insurance before the visit so the front desk stops calling insurers.',
      targetMarket: 'Independent dental clinics',
      businessModel: 'Monthly subscription per clinic',
      category: 'healthcare',
      initialInvestment: 50_000,
      monthlyRevenue: 8_000,
      monthlyExpenses: 5_000,
    });
    const validated = await call<IdeaDto>('POST', `/api/ideas/${idea.id}/validate`);
    const customers = validated.marketSizeInputs!.customers;
    expect(customers).toMatchObject({ source: 'evidence', evidenceId: 'industry:establishments', value: 135333 });
    expect(customers.citation).toContain('County Business Patterns');
    expect(validated.validation!.evidence.map((e) => e.id)).toContain('industry:establishments');
  });
});
