import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MINUTE_MS } from '#shared/app/time.constants.ts';
import {
  IDEA_VALIDATIONS_PER_MINUTE,
  type IdeaDto,
  type IdeaPage,
  type IdeaPrefill,
} from '#shared/ideas/ideas.schemas.ts';
import { ideaHypotheses, ideas } from '../../db/schema/index.ts';
import { userPrincipal } from '../../lib/access/principal.ts';
import { atNextWindowStart } from '../../test/clock-window.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { resolveIdeaEngine } from './idea-engine.provider.ts';
import { validateIdea } from './idea-validation.service.ts';

// Ideas through the API and the REAL engine on the seed corpus: the form's rules with the spec's
// messages, owner-only access, validation's scores from evidence, idempotence and atomicity.

let t: TestApp;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-07-01T00:00:00Z'));
  a = await createUser(t);
  b = await createUser(t);
});
afterAll(() => t.close());

const VET = {
  title: 'Veterinary telehealth for pet owners',
  description: 'Video visits with a licensed veterinarian for pet owners who cannot get to a clinic.',
  targetMarket: 'Pet owners and small veterinary clinics',
  businessModel: 'Monthly subscription per clinic',
  category: 'healthcare',
  initialInvestment: 50_000,
  monthlyRevenue: 8_000,
  monthlyExpenses: 5_000,
};

function inject(u: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: u.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function create(u: TestUser, payload: Record<string, unknown> = VET): Promise<IdeaDto> {
  const res = await inject(u, 'POST', '/api/ideas', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: IdeaDto }>().data;
}

async function validate(u: TestUser, id: number): Promise<IdeaDto> {
  const res = await inject(u, 'POST', `/api/ideas/${id}/validate`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: IdeaDto }>().data;
}

describe('the idea form’s rules (docs/product/ideas.md, validation.md)', () => {
  it.each([
    ['title', 'Idea', 'Title must be at least 5 characters'],
    ['title', 'x'.repeat(201), 'Title must be 200 characters or less'],
    ['description', 'too short', 'Description must be at least 20 characters'],
    ['description', 'x'.repeat(2001), 'Description must be 2000 characters or less'],
    ['targetMarket', 'vet', 'Target market must be at least 5 characters'],
    ['targetMarket', 'x'.repeat(501), 'Target market must be 500 characters or less'],
    ['businessModel', 'SaaS', 'Business model must be at least 5 characters'],
    ['businessModel', 'x'.repeat(501), 'Business model must be 500 characters or less'],
    ['category', 'crypto', 'Choose a category'],
    ['category', '', 'Choose a category'],
    ['initialInvestment', -1, 'Initial investment must be between 0 and 10,000,000'],
    ['initialInvestment', 10_000_001, 'Initial investment must be between 0 and 10,000,000'],
    ['initialInvestment', '5000', 'Initial investment must be a number'],
    ['monthlyRevenue', 1_000_001, 'Monthly revenue must be between 0 and 1,000,000'],
    ['monthlyRevenue', 'lots', 'Monthly revenue must be a number'],
    ['monthlyExpenses', -5, 'Monthly expenses must be between 0 and 1,000,000'],
    ['monthlyExpenses', '1e3', 'Monthly expenses must be a number'],
    ['sourceSearchResultId', 'abc', 'sourceSearchResultId must be a number'],
  ])('%s = %j → %s', async (field, value, message) => {
    const res = await inject(a, 'POST', '/api/ideas', { ...VET, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', fieldErrors: { [field]: message } });
  });

  it('answers a 10 MB description with 413 in the envelope, and stores nothing', async () => {
    const res = await inject(a, 'POST', '/api/ideas', { ...VET, description: 'x'.repeat(10 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(await t.db.db.select().from(ideas).where(eq(ideas.userId, a.user.id))).toEqual([]);
  });

  it('accepts an idea without any numbers (all optional) and shows no projections', async () => {
    const { initialInvestment: _i, monthlyRevenue: _r, monthlyExpenses: _e, ...text } = VET;
    const idea = await create(a, text);
    expect(idea).toMatchObject({
      status: 'draft',
      financialProjections: null,
      breakEvenMonths: null,
      overallScore: null,
    });
    await inject(a, 'DELETE', `/api/ideas/${idea.id}`);
  });
});

describe('validation against the engine’s evidence', () => {
  it('gives five scores with factors, weights, evidence and what would change them; same scores twice', async () => {
    const idea = await create(a);
    expect(idea.status).toBe('draft');
    expect(idea.financialProjections?.scenarios.map((s) => s.key)).toEqual(['pessimistic', 'base', 'optimistic']);

    const first = await validate(a, idea.id);
    expect(first.status).toBe('validated');
    expect(first.validation?.status).toBe('ok');
    const scores = first.validation!.scores;
    expect(scores.map((s) => s.key)).toEqual(['originality', 'credibility', 'marketGap', 'competition', 'overall']);
    const evidenceIds = new Set(first.validation!.evidence.map((e) => e.id));
    for (const s of scores) {
      expect(s.score).toBeGreaterThanOrEqual(0);
      expect(s.score).toBeLessThanOrEqual(100);
      expect(s.factors.length).toBeGreaterThan(0);
      expect(s.whatWouldChange.length).toBeGreaterThan(10);
      // Each score is its factors' contributions, and every cited evidence id is in the stored evidence.
      expect(Math.abs(s.factors.reduce((sum, f) => sum + f.contribution, 0) - s.score!)).toBeLessThanOrEqual(0.51);
      for (const f of s.factors) for (const id of f.evidenceIds) expect(evidenceIds, `${s.key}: ${id}`).toContain(id);
    }
    expect(first.overallScore).toBe(scores[4]!.score);
    // Credibility compares the revenue with the customers' spend only once their count and a price are known.
    const credibility = scores.find((s) => s.key === 'credibility')!;
    expect(credibility.factors.map((f) => f.key)).toEqual(['marketFit', 'revenueVsCustomers', 'expensesVsInvestment']);
    expect(credibility.factors[1]).toMatchObject({ value: 0, contribution: 0 });
    expect(credibility.factors[1]!.explanation).toMatch(
      /^Not known: enter how many customers you can reach and your price per customer per month/,
    );

    // Pet owners are consumers (issue 29): the seed names no industry of theirs, and the veterinarians who
    // do the work are not counted as customers; the user's own inputs start empty.
    expect(first.validation!.customer).toMatchObject({ kind: 'consumers', chosenBy: 'targetMarket', count: null });
    expect(first.validation!.customer!.worker?.title).toBe('Veterinarians');
    expect(first.marketSizeInputs?.customers).toMatchObject({ value: null, source: 'assumption' });
    expect(first.marketSizeInputs?.pricePerMonth).toMatchObject({ value: null, source: 'assumption' });

    // Three hypotheses from the weakest scores, each falsifiable with a script about past behaviour.
    expect(first.hypotheses).toHaveLength(3);
    const weakest = scores
      .filter((s) => s.key !== 'overall')
      .sort((x, y) => x.score! - y.score!)
      .slice(0, 3)
      .map((s) => s.key);
    expect(first.hypotheses.map((h) => h.basedOn).sort()).toEqual([...weakest].sort());
    for (const h of first.hypotheses) {
      expect(h.killCriterion).toMatch(/\d+ of 10/);
      expect(h.interviewScript.length).toBeGreaterThanOrEqual(3);
      expect(h.interviewScript.join(' ')).not.toMatch(/would you|do you like|would you use/i);
    }

    t.clock.set(new Date('2026-07-01T00:01:00Z'));
    const second = await validate(a, idea.id);
    expect(second.validation!.scores).toEqual(scores);
    expect(second.hypotheses.map((h) => h.id)).toEqual(first.hypotheses.map((h) => h.id));
  });

  it('says "insufficient data" with what is missing when the data cannot support the market', async () => {
    const idea = await create(a, {
      ...VET,
      title: 'Quantum zzyzx flibber',
      targetMarket: 'Blorfing wizzles',
    });
    const v = await validate(a, idea.id);
    expect(v.validation?.status).toBe('insufficient_data');
    expect(v.validation?.reason).toBeTruthy();
    for (const s of v.validation!.scores) {
      expect(s.score).toBeNull();
      expect(s.missing).toBe(v.validation!.reason);
    }
    expect(v.overallScore).toBeNull();
    expect(v.hypotheses).toHaveLength(3);
  });

  it('an interrupted validation leaves the idea exactly as it was', async () => {
    const idea = await create(a);
    const before = await t.db.db.select().from(ideas).where(eq(ideas.id, idea.id));
    await expect(
      validateIdea({
        db: t.db.db,
        engine: resolveIdeaEngine(t.app),
        principal: userPrincipal(a.user.id),
        id: idea.id,
        now: new Date('2026-07-02T00:00:00Z'),
        beforeCommit: () => Promise.reject(new Error('power cut')),
      }),
    ).rejects.toThrow('power cut');
    expect(await t.db.db.select().from(ideas).where(eq(ideas.id, idea.id))).toEqual(before);
    expect(await t.db.db.select().from(ideaHypotheses).where(eq(ideaHypotheses.ideaId, idea.id))).toEqual([]);

    const failingEngine = { analyze: () => Promise.reject(new DOMException('aborted', 'AbortError')) };
    await expect(
      validateIdea({
        db: t.db.db,
        engine: failingEngine,
        principal: userPrincipal(a.user.id),
        id: idea.id,
        now: new Date(),
      }),
    ).rejects.toThrow('aborted');
    expect(await t.db.db.select().from(ideas).where(eq(ideas.id, idea.id))).toEqual(before);
  });

  it('edits, projections that follow the numbers, hypotheses results, the status transitions', async () => {
    const idea = await validate(a, (await create(a)).id);
    const base = (i: IdeaDto) => i.financialProjections!.scenarios.find((s) => s.key === 'base')!;

    const richer = (await inject(a, 'PATCH', `/api/ideas/${idea.id}`, { monthlyRevenue: 20_000 })).json<{
      data: IdeaDto;
    }>().data;
    expect(richer.status).toBe('validated'); // numbers only: the scores still describe this text
    expect(base(richer).curve[36]!.cumulative).toBeGreaterThan(base(idea).curve[36]!.cumulative);
    expect(richer.breakEvenMonths).toBe(
      base(richer).breakEven.kind === 'month' ? (base(richer).breakEven as { month: number }).month : null,
    );

    const assumptions = { ...richer.assumptions, rampMonths: 0 };
    const marketSize = {
      ...richer.marketSizeInputs!,
      customers: { value: 20_000, source: 'assumption', evidenceId: null, citation: null },
      pricePerMonth: { value: 49, source: 'assumption', evidenceId: null, citation: null },
      serviceableSharePercent: { value: 50, source: 'assumption', evidenceId: null, citation: null },
      adoptionPercent: { value: 2, source: 'assumption', evidenceId: null, citation: null },
    };
    const edited = (await inject(a, 'PATCH', `/api/ideas/${idea.id}`, { assumptions, marketSize })).json<{
      data: IdeaDto;
    }>().data;
    expect(edited.assumptions.rampMonths).toBe(0);
    const customers = edited.marketSizeInputs!.customers.value!;
    expect(edited.marketSize).toMatchObject({ tam: Math.round(customers * 49 * 12), missing: [] });
    // Re-validation keeps the user's own market inputs.
    expect((await validate(a, idea.id)).marketSizeInputs?.pricePerMonth.value).toBe(49);

    const h = edited.hypotheses[0]!;
    const killed = await inject(a, 'PATCH', `/api/ideas/hypotheses/${h.id}`, {
      status: 'killed',
      result: '2 of 10 said so',
    });
    expect(killed.json<{ data: IdeaDto }>().data.hypotheses[0]).toMatchObject({
      status: 'killed',
      result: '2 of 10 said so',
    });
    expect((await inject(a, 'PATCH', `/api/ideas/hypotheses/${h.id}`, { status: 'dead' })).json().fieldErrors).toEqual({
      status: 'Status must be untested, supported or killed',
    });
    // The recorded result survives a re-validation.
    expect((await validate(a, idea.id)).hypotheses.find((x) => x.id === h.id)).toMatchObject({ status: 'killed' });

    // draft ← text edit; archived; unarchive returns to the status before; archived cannot be validated.
    const retitled = (
      await inject(a, 'PATCH', `/api/ideas/${idea.id}`, { title: 'Video vet visits for cat owners' })
    ).json<{ data: IdeaDto }>().data;
    expect(retitled).toMatchObject({ status: 'draft', isStale: true });
    expect((await validate(a, idea.id)).status).toBe('validated');
    expect((await inject(a, 'POST', `/api/ideas/${idea.id}/archive`)).json().data.status).toBe('archived');
    const refused = await inject(a, 'POST', `/api/ideas/${idea.id}/validate`);
    expect(refused.statusCode).toBe(409);
    expect((await inject(a, 'POST', `/api/ideas/${idea.id}/unarchive`)).json().data.status).toBe('validated');

    const list = (await inject(a, 'GET', '/api/ideas?status=validated')).json<{ data: IdeaPage }>().data;
    expect(list.items.map((i) => i.id)).toContain(idea.id);
  });
});

describe('limits', () => {
  it('answers 429 in the envelope past the per-minute validations, without touching the idea', async () => {
    const c = await createUser(t);
    const idea = await create(c);
    onTestFinished(atNextWindowStart(t.clock, MINUTE_MS));
    for (let i = 0; i < IDEA_VALIDATIONS_PER_MINUTE; i++) await validate(c, idea.id);
    const before = (await inject(c, 'GET', `/api/ideas/${idea.id}`)).json<{ data: IdeaDto }>().data;
    const refused = await inject(c, 'POST', `/api/ideas/${idea.id}/validate`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await inject(c, 'GET', `/api/ideas/${idea.id}`)).json<{ data: IdeaDto }>().data).toEqual(before);
  });
});

describe('owner only', () => {
  it('answers 404 to another user on every idea route and changes nothing', async () => {
    const idea = await validate(a, (await create(a)).id);
    const hid = idea.hypotheses[0]!.id;
    for (const [method, url, payload] of [
      ['GET', `/api/ideas/${idea.id}`, undefined],
      ['PATCH', `/api/ideas/${idea.id}`, { title: 'Mine now, thanks' }],
      ['POST', `/api/ideas/${idea.id}/validate`, undefined],
      ['POST', `/api/ideas/${idea.id}/archive`, undefined],
      ['POST', `/api/ideas/${idea.id}/unarchive`, undefined],
      ['PATCH', `/api/ideas/hypotheses/${hid}`, { status: 'supported' }],
      ['DELETE', `/api/ideas/${idea.id}`, undefined],
    ] as const) {
      const res = await inject(b, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect((await inject(b, 'GET', '/api/ideas')).json<{ data: IdeaPage }>().data.items).toEqual([]);
    const unchanged = (await inject(a, 'GET', `/api/ideas/${idea.id}`)).json<{ data: IdeaDto }>().data;
    expect(unchanged).toMatchObject({ title: VET.title, status: 'validated' });
    expect(unchanged.hypotheses[0]!.status).toBe('untested');
  });

  it('starts from one of the user’s own search results only', async () => {
    const search = await inject(a, 'POST', '/api/search', { query: 'veterinary telehealth for pet owners' });
    const searchId = search.json<{ data: { search: { id: number } } }>().data.search.id;
    const detail = await inject(a, 'GET', `/api/searches/${searchId}`);
    const resultId = detail.json<{ data: { results: { id: number; title: string }[] } }>().data.results[0]!.id;

    const prefill = (await inject(a, 'GET', `/api/ideas/prefill/${resultId}`)).json<{ data: IdeaPrefill }>().data;
    expect(prefill).toMatchObject({ sourceSearchResultId: resultId, category: 'healthcare', businessModel: '' });
    expect(prefill.title.length).toBeGreaterThanOrEqual(5);
    expect((await inject(b, 'GET', `/api/ideas/prefill/${resultId}`)).statusCode).toBe(404);

    const linked = await create(a, { ...VET, sourceSearchResultId: resultId });
    expect(linked.sourceSearchResultId).toBe(resultId);
    const foreign = await inject(b, 'POST', '/api/ideas', { ...VET, sourceSearchResultId: resultId });
    expect(foreign.statusCode).toBe(404);
  });
});
