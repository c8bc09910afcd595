import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionPlanDto } from '#shared/action-plans/action-plans.schemas.ts';
import { DAY_MS } from '#shared/app/time.constants.ts';
import type { IdeaDto } from '#shared/ideas/ideas.schemas.ts';
import type { SearchResultDto } from '#shared/searches/search.schemas.ts';
import { users } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { clip } from './plan-recipes.logic.ts';

// A plan generated from a validated idea (real engine, seed corpus): the idea's own hypotheses with
// their kill criteria become the validation tasks, its weak scores become work, and the idea's
// source opportunity supplies the names (competitors, occupations). Owner-only; drafts refused.

let t: TestApp;
let pro: TestUser;
let other: TestUser;
const now = new Date('2026-07-01T09:00:00Z');

function send(user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
}

async function opportunity(user: TestUser, query: string): Promise<SearchResultDto> {
  const search = await send(user, 'POST', '/api/search', { query });
  expect(search.statusCode, search.body).toBe(200);
  const searchId = search.json<{ data: { search: { id: number } } }>().data.search.id;
  const detail = await send(user, 'GET', `/api/searches/${searchId}`);
  const result = detail.json<{ data: { results: SearchResultDto[] } }>().data.results[0];
  if (!result) throw new Error('no opportunity');
  return result;
}

async function validatedIdea(user: TestUser, sourceSearchResultId?: number): Promise<IdeaDto> {
  const created = await send(user, 'POST', '/api/ideas', {
    title: 'Bookkeeping service for restaurants',
    description: 'Monthly bookkeeping and payroll for independent restaurants, done by a small team with software.',
    targetMarket: 'Independent restaurants',
    businessModel: 'Monthly subscription per restaurant',
    category: 'saas',
    monthlyRevenue: 6_000,
    monthlyExpenses: 4_000,
    initialInvestment: 20_000,
    ...(sourceSearchResultId ? { sourceSearchResultId } : {}),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ data: IdeaDto }>().data.id;
  const validated = await send(user, 'POST', `/api/ideas/${id}/validate`);
  expect(validated.statusCode, validated.body).toBe(200);
  return validated.json<{ data: IdeaDto }>().data;
}

const hypothesisTitle = (statement: string) => clip(`Test the hypothesis: ${statement.replace(/\.$/, '')}`, 200);
const tasksOf = (plan: ActionPlanDto) => plan.phases.flatMap((p) => p.tasks);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(now);
  pro = await createUser(t);
  other = await createUser(t);
  for (const u of [pro, other]) {
    await t.db.db
      .update(users)
      .set({ trialExpiration: new Date(now.getTime() + 7 * DAY_MS) })
      .where(eq(users.id, u.user.id));
  }
});
afterAll(() => t.close());

describe('a plan from a validated idea', () => {
  it('turns the idea’s hypotheses (with kill criteria) and weak scores into tasks, on its source opportunity', async () => {
    const source = await opportunity(pro, 'bookkeeping for restaurants');
    const idea = await validatedIdea(pro, source.id);
    expect(idea.status).toBe('validated');
    expect(idea.hypotheses.length).toBeGreaterThan(0);

    const res = await send(pro, 'POST', '/api/action-plans', { ideaId: idea.id });
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json<{ data: ActionPlanDto }>().data;
    expect(plan.ideaId).toBe(idea.id);
    expect(plan.searchResultId).toBeNull();
    expect(plan.searchId).toBe(source.searchId);
    expect(plan.origin).toMatchObject({ kind: 'idea', ideaId: idea.id, ideaTitle: idea.title });
    expect(plan.phases.map((p) => p.name)).toEqual(['Research', 'Validation', 'Development', 'Launch']);

    const validation = plan.phases.find((p) => p.name === 'Validation')?.tasks ?? [];
    for (const h of idea.hypotheses.filter((x) => x.status !== 'killed')) {
      const found = validation.find((task) => task.title === hypothesisTitle(h.statement));
      expect(found, h.statement).toBeDefined();
      expect(found?.description).toContain(`Kill criterion: ${h.killCriterion.replace(/\.$/, '')}`);
    }
    const weak = (idea.validation?.scores ?? [])
      .filter((s) => s.key !== 'overall' && s.score !== null && s.score < 60)
      .sort((a, b) => a.score! - b.score!);
    // A weak score becomes the work that answers it, never "raise the score" (issue 29); the score is in its description.
    for (const s of weak.slice(0, 2)) {
      expect(validation.map((task) => task.description).join(' ')).toContain(
        `The idea's ${s.label.toLowerCase()} is ${s.score}/100.`,
      );
    }
    expect(
      tasksOf(plan)
        .map((task) => task.title)
        .join(' '),
    ).not.toMatch(/score/i);
    // The source opportunity names the competitors to study.
    const competitor = source.competitors.find((c) => c.verified)?.name;
    expect(competitor, 'the fixture opportunity names a verified competitor').toBeDefined();
    expect(tasksOf(plan).map((task) => task.title)).toContain(`Study ${competitor ?? ''}`);

    // Asking again returns the same plan; the opportunity's own plan is a different one.
    const again = await send(pro, 'POST', '/api/action-plans', { ideaId: idea.id });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: ActionPlanDto }>().data.id).toBe(plan.id);
    const fromOpportunity = await send(pro, 'POST', '/api/action-plans', { searchResultId: source.id });
    expect(fromOpportunity.statusCode, fromOpportunity.body).toBe(201);
    expect(fromOpportunity.json<{ data: ActionPlanDto }>().data.id).not.toBe(plan.id);
  });

  it('leaves a killed hypothesis out and builds from the validation’s evidence when the idea has no source', async () => {
    const idea = await validatedIdea(pro);
    const killed = idea.hypotheses[0];
    if (!killed) throw new Error('no hypothesis');
    const recorded = await send(pro, 'PATCH', `/api/ideas/hypotheses/${killed.id}`, {
      status: 'killed',
      result: '1 of 10 cared',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const res = await send(pro, 'POST', '/api/action-plans', { ideaId: idea.id });
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json<{ data: ActionPlanDto }>().data;
    const titles = tasksOf(plan).map((task) => task.title);
    expect(titles).not.toContain(hypothesisTitle(killed.statement));
    expect(titles).toContain(hypothesisTitle(idea.hypotheses[1]?.statement ?? ''));
    expect(plan.searchId).toBeNull();
    expect(plan.origin.kind).toBe('idea');
    // Competitors cited by the validation are named even without a source opportunity.
    const cited = (idea.validation?.evidence ?? []).find((e) => e.id.startsWith('company:'));
    expect(cited, 'the fixture validation cites a company').toBeDefined();
    expect(titles).toContain(`Study ${/^(.+?) \(/.exec(cited?.note ?? '')?.[1] ?? ''}`);
  });

  it('refuses a draft idea, an idea and an opportunity together, and another user’s idea (404)', async () => {
    const draft = await send(pro, 'POST', '/api/ideas', {
      title: 'Dog walking marketplace',
      description: 'A marketplace matching dog owners with vetted walkers in their neighbourhood.',
      targetMarket: 'Dog owners in cities',
      businessModel: 'Commission per walk',
      category: 'marketplace',
    });
    const draftId = draft.json<{ data: IdeaDto }>().data.id;
    const refused = await send(pro, 'POST', '/api/action-plans', { ideaId: draftId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/^Validate the idea first/);

    const both = await send(pro, 'POST', '/api/action-plans', { ideaId: draftId, searchResultId: 1 });
    expect(both.statusCode).toBe(400);
    const neither = await send(pro, 'POST', '/api/action-plans', {});
    expect(neither.statusCode).toBe(400);

    const theirs = await validatedIdea(other);
    const stolen = await send(pro, 'POST', '/api/action-plans', { ideaId: theirs.id });
    expect(stolen.statusCode).toBe(404);
  });
});

describe('the example plan a free user sees for an idea (issue 29)', () => {
  it('is built from that idea, not from the latest analysis, and another user’s idea is a 404', async () => {
    const free = await createUser(t, { subscriptionTier: 'free' });
    const idea = await validatedIdea(free);
    // A later analysis: before, the example came from its top opportunity, not from the idea.
    const latest = await opportunity(free, 'bookkeeping for restaurants');
    expect(latest.title).not.toBe(idea.title);
    const res = await send(free, 'GET', `/api/action-plans/example?ideaId=${idea.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json<{ data: ActionPlanDto }>().data;
    expect(plan.title).toBe(`Example: ${idea.title}`);
    expect(plan.origin).toMatchObject({ kind: 'idea', ideaId: idea.id });
    const first = idea.hypotheses[0];
    if (!first) throw new Error('no hypothesis');
    expect(tasksOf(plan).map((task) => task.title)).toContain(hypothesisTitle(first.statement));

    const theirs = await validatedIdea(other);
    expect((await send(free, 'GET', `/api/action-plans/example?ideaId=${theirs.id}`)).statusCode).toBe(404);
    const both = await send(free, 'GET', `/api/action-plans/example?ideaId=${idea.id}&searchResultId=1`);
    expect(both.statusCode).toBe(400);
  });
});
