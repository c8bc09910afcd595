import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ActionPlanDto } from '#shared/action-plans/action-plans.schemas.ts';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { users } from '../db/schema/index.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The action plans' test app, shared by their test files (each file gets its own app, on the real
// engine and the seed corpus): a Pro trial user with one analysis, a free user, and request helpers.

export let t: TestApp;
export let pro: TestUser;
export let free: TestUser;
export let resultId: number;
export const now = new Date('2026-07-01T09:00:00Z');

export async function onTrial(user: TestUser): Promise<void> {
  await t.db.db
    .update(users)
    .set({ trialExpiration: new Date(now.getTime() + 7 * DAY_MS) })
    .where(eq(users.id, user.user.id));
}

export async function analysis(user: TestUser, query = 'bookkeeping for restaurants'): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/search', headers: user.headers, payload: { query } });
  expect(res.statusCode, res.body).toBe(200);
  const searchId = res.json<{ data: { search: { id: number } } }>().data.search.id;
  const detail = await t.app.inject({ method: 'GET', url: `/api/searches/${searchId}`, headers: user.headers });
  const id = detail.json<{ data: { results: { id: number }[] } }>().data.results[0]?.id;
  if (!id) throw new Error('no opportunity');
  return id;
}

export function send(user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
}

export async function newPlan(user: TestUser, searchResultId: number): Promise<ActionPlanDto> {
  const res = await send(user, 'POST', '/api/action-plans', { searchResultId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ActionPlanDto }>().data;
}

export const tasksOf = (plan: ActionPlanDto) => plan.phases.flatMap((p) => p.tasks);
export const dataOf = (res: { json: <T>() => T }) => res.json<{ data: ActionPlanDto }>().data;

/** Starts the app before the file's tests and closes it after them. */
export function useActionPlansApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(now);
    pro = await createUser(t);
    free = await createUser(t);
    await onTrial(pro);
    resultId = await analysis(pro);
  });
  afterAll(() => t.close());
}
