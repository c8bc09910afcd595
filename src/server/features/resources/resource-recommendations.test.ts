import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionPlanDto } from '#shared/action-plans/action-plans.schemas.ts';
import { DAY_MS } from '#shared/app/time.constants.ts';
import type { ResourceSummary } from '#shared/resources/resources.schemas.ts';
import { users } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// "Helpful resources" on an analysis and on an action-plan task (seeded library, real engine on the
// seed corpus): the task's phase and the words of its title choose them; another user's task is a 404.

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let searchId: number;
let plan: ActionPlanDto;
const now = new Date('2026-07-01T09:00:00Z');

function get(user: TestUser, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/resources/recommendations?${query}`, headers: user.headers });
}
const itemsOf = (res: { json: <T>() => T }) => res.json<{ data: { items: ResourceSummary[] } }>().data.items;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(now);
  owner = await createUser(t);
  stranger = await createUser(t);
  await t.db.db
    .update(users)
    .set({ trialExpiration: new Date(now.getTime() + 7 * DAY_MS) })
    .where(eq(users.id, owner.user.id));
  const search = await t.app.inject({
    method: 'POST',
    url: '/api/search',
    headers: owner.headers,
    payload: { query: 'bookkeeping for restaurants' },
  });
  searchId = search.json<{ data: { search: { id: number } } }>().data.search.id;
  const detail = await t.app.inject({ method: 'GET', url: `/api/searches/${searchId}`, headers: owner.headers });
  const resultId = detail.json<{ data: { results: { id: number }[] } }>().data.results[0]?.id;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/action-plans',
    headers: owner.headers,
    payload: { searchResultId: resultId },
  });
  expect(created.statusCode, created.body).toBe(201);
  plan = created.json<{ data: ActionPlanDto }>().data;
});
afterAll(() => t.close());

const taskIn = (phase: string, title: RegExp) => {
  const task = plan.phases.find((p) => p.name === phase)?.tasks.find((x) => title.test(x.title));
  if (!task) throw new Error(`no task ${String(title)} in ${phase}`);
  return task;
};

describe('helpful resources on a plan task', () => {
  it('fit the task’s phase: a research task gets research resources', async () => {
    const interview = taskIn('Research', /^Interview /);
    const res = await get(owner, `taskId=${interview.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const items = itemsOf(res);
    expect(items.length).toBe(5);
    for (const r of items) expect(r.phaseRelevance).toContain('research');
  });

  it('follow the phase: a launch task gets launch resources', async () => {
    const launch = plan.phases.find((p) => p.name === 'Launch')?.tasks[0];
    const items = itemsOf(await get(owner, `taskId=${launch?.id}&limit=3`));
    expect(items.length).toBe(3);
    for (const r of items) expect(r.phaseRelevance).toContain('launch');
  });

  it('answer 404 for another user’s task, and 400 without exactly one of an analysis or a task', async () => {
    const task = taskIn('Research', /^Interview /);
    expect((await get(stranger, `taskId=${task.id}`)).statusCode).toBe(404);
    expect((await get(owner, `taskId=${task.id}&searchId=${searchId}`)).statusCode).toBe(400);
    expect((await get(owner, 'limit=3')).statusCode).toBe(400);
  });

  it('still recommend for an analysis, in its research and validation phases', async () => {
    const items = itemsOf(await get(owner, `searchId=${searchId}`));
    expect(items.length).toBeGreaterThan(0);
    for (const r of items.slice(0, 1))
      expect(r.phaseRelevance.some((p) => p === 'research' || p === 'validation')).toBe(true);
    expect((await get(stranger, `searchId=${searchId}`)).statusCode).toBe(404);
  });
});
