import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdeaDto, IdeaPrefill } from '#shared/ideas/ideas.schemas.ts';
import type { IdeaCustomer } from '#shared/ideas/idea-customer.ts';
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

async function call<T>(method: 'POST' | 'PATCH' | 'PUT', url: string, payload?: Record<string, unknown>): Promise<T> {
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

const IDEA = {
  description: 'Checks each patient’s insurance before the visit so nobody has to call insurers by hand.',
  businessModel: 'Monthly subscription per customer',
  category: 'healthcare',
  initialInvestment: 50_000,
  monthlyRevenue: 8_000,
  monthlyExpenses: 5_000,
};

describe('the customer a validation starts from (issue 29)', () => {
  it('is read from the target market by the engine, counted, and named by the hypotheses', async () => {
    // The title names no customer: only the target market says who buys.
    const idea = await call<IdeaDto>('POST', '/api/ideas', {
      ...IDEA,
      title: 'Insurance verification before every visit',
      targetMarket: 'Independent dental clinics',
    });
    const validated = await call<IdeaDto>('POST', `/api/ideas/${idea.id}/validate`);
    const customer = validated.validation!.customer as IdeaCustomer;
    expect(customer).toMatchObject({ kind: 'industry', chosenBy: 'targetMarket', count: 135333 });
    expect(customer.code).toMatch(/^6212/);
    expect(customer.reason).toContain('Independent dental clinics');
    expect(validated.marketSizeInputs!.customers).toMatchObject({
      value: 135333,
      evidenceId: 'industry:establishments',
    });
    const stored = new Set(validated.validation!.evidence.map((e) => e.id));
    for (const id of customer.evidenceIds) expect(stored).toContain(id);
    // The hypotheses address that customer, not the people of some occupation.
    const who = customer.title.toLowerCase();
    expect(validated.hypotheses.some((h) => h.statement.toLowerCase().includes(who))).toBe(true);
    expect(validated.hypotheses.every((h) => h.killCriterion.toLowerCase().includes(who))).toBe(true);
  });

  it('can be changed to another listed customer or consumers, kept on re-validation, and set back', async () => {
    const idea = await call<IdeaDto>('POST', '/api/ideas', {
      ...IDEA,
      title: 'Insurance verification before every visit',
      targetMarket: 'Independent dental clinics',
    });
    const first = await call<IdeaDto>('POST', `/api/ideas/${idea.id}/validate`);
    const options = first.validation!.customerOptions!;
    expect(options.map((o) => o.kind)).toContain('consumers');

    const consumers = await call<IdeaDto>('PUT', `/api/ideas/${idea.id}/customer`, { customer: { kind: 'consumers' } });
    expect(consumers.validation!.customer).toMatchObject({ kind: 'consumers', chosenBy: 'you', count: null });
    // Consumers are not counted by the data: the reachable customers are the founder's to enter.
    expect(consumers.marketSizeInputs!.customers).toMatchObject({ value: null, source: 'assumption' });
    const again = await call<IdeaDto>('POST', `/api/ideas/${idea.id}/validate`);
    expect(again.validation!.customer).toMatchObject({ kind: 'consumers', chosenBy: 'you' });

    const back = await call<IdeaDto>('PUT', `/api/ideas/${idea.id}/customer`, { customer: { kind: 'automatic' } });
    expect(back.validation!.customer).toMatchObject({ kind: 'industry', chosenBy: 'targetMarket', count: 135333 });

    // A customer the analyses never named is refused in the envelope, and the idea is unchanged.
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/ideas/${idea.id}/customer`,
      headers: a.headers,
      payload: { customer: { kind: 'industry', code: '11' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      fieldErrors: { customer: expect.any(String) },
    });
    const malformed = await t.app.inject({
      method: 'PUT',
      url: `/api/ideas/${idea.id}/customer`,
      headers: a.headers,
      payload: { customer: { kind: 'planet' } },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('reads consumers when the target market names no industry, and does not count a worker as customers', async () => {
    const idea = await call<IdeaDto>('POST', '/api/ideas', {
      ...IDEA,
      title: 'Meal planner that plans the week of family dinners',
      description: 'Plans a week of dinners and writes the shopping list for busy families.',
      targetMarket: 'Parents of young children',
      category: 'other',
    });
    const validated = await call<IdeaDto>('POST', `/api/ideas/${idea.id}/validate`);
    expect(validated.validation!.customer).toMatchObject({ kind: 'consumers', chosenBy: 'targetMarket' });
    expect(validated.marketSizeInputs!.customers.value).toBeNull();
  });
});

describe('the "Validate" action’s prefill (issue 29)', () => {
  it('puts the customer the analysis read in the target market, and validation reads it as that industry', async () => {
    const search = await call<{ search: { id: number } }>('POST', '/api/search', {
      query: 'insurance verification for dental clinics',
    });
    const detail = await t.app.inject({ method: 'GET', url: `/api/searches/${search.search.id}`, headers: a.headers });
    type Result = { id: number; cell: { segment: string; kind?: string } };
    const core = detail.json<{ data: { results: Result[] } }>().data.results.find((r) => r.cell.kind === 'core');
    if (!core) throw new Error('the analysis has no opportunity for its own customer');

    const res = await t.app.inject({ method: 'GET', url: `/api/ideas/prefill/${core.id}`, headers: a.headers });
    expect(res.statusCode, res.body).toBe(200);
    const prefill = res.json<{ data: IdeaPrefill }>().data;
    // Not the opportunity's audience sentence ("Dental Clinics; customers in O*NET terms: dentists, general.").
    expect(prefill.targetMarket).toBe('Dental clinics');

    const idea = await call<IdeaDto>('POST', '/api/ideas', { ...IDEA, ...prefill, businessModel: IDEA.businessModel });
    const validated = await call<IdeaDto>('POST', `/api/ideas/${idea.id}/validate`);
    expect(validated.validation!.customer).toMatchObject({ kind: 'industry', chosenBy: 'targetMarket' });
    expect((validated.validation!.customer as IdeaCustomer).code).toMatch(/^6212/);
  });
});
