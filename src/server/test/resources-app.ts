import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ResourcePage } from '#shared/resources/resources.schemas.ts';
import { resourceCategories, resources } from '../db/schema/index.ts';
import { setResourceTags } from '../features/resources/resource-tags.service.ts';
import { createUser, type TestUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The resource library's test app, shared by its test files (each file gets its own app): two
// members, a Pro user and an admin, and helpers to add a resource and to read the API.

export let t: TestApp;
export let a: TestUser;
export let b: TestUser;
export let pro: TestUser;
export let admin: TestUser;
export let guidesCategory: number;

/** Starts the app before the file's tests and closes it after them. */
export function useResourcesApp(): void {
  beforeAll(async () => {
    t = await createTestApp({ env: { ENABLE_TEST_HOOKS: 'true' } });
    t.clock.set(new Date('2026-11-20T10:00:00Z'));
    a = await createUser(t);
    b = await createUser(t);
    pro = await createUser(t, { subscriptionTier: 'pro', subscriptionStatus: 'active' });
    admin = await createUser(t, { role: 'admin' });
    const [category] = await t.db.db
      .select({ id: resourceCategories.id })
      .from(resourceCategories)
      .where(eq(resourceCategories.slug, 'customer-discovery'));
    guidesCategory = category?.id ?? 0;
  });
  afterAll(() => t.close());
}

export async function addResource(values: {
  title: string;
  description: string;
  tags?: string[];
  isPremium?: boolean;
  type?: 'tool' | 'guide' | 'article';
  minutes?: number;
  phases?: ('research' | 'validation' | 'development' | 'launch')[];
}): Promise<number> {
  const [row] = await t.db.db
    .insert(resources)
    .values({
      title: values.title,
      description: values.description,
      url: `https://example.org/${Math.random().toString(36).slice(2)}`,
      resourceType: values.type ?? 'guide',
      categoryId: guidesCategory,
      phaseRelevance: values.phases ?? ['validation'],
      ideaTypes: ['software'],
      difficultyLevel: 'beginner',
      estimatedTimeMinutes: values.minutes ?? 10,
      isPremium: values.isPremium ?? false,
    })
    .returning({ id: resources.id });
  if (!row) throw new Error('insert failed');
  if (values.tags) await setResourceTags(t.db.db, row.id, values.tags);
  return row.id;
}

export const get = (u: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: u.headers });
export const search = async (u: TestUser, qs: string) => {
  const res = await get(u, `/api/resources?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ResourcePage }>().data;
};
