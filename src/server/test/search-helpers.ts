import { count, eq } from 'drizzle-orm';
import { searches } from '../db/schema/index.ts';
import type { TestUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

// Shared by the search quota tests: run a search as a user, count what a user has stored.

export function postSearch(t: TestApp, user: Pick<TestUser, 'headers'>, query = 'invoicing for plumbers') {
  return t.app.inject({ method: 'POST', url: '/api/search', headers: user.headers, payload: { query } });
}

export async function storedSearchCount(t: TestApp, userId: number): Promise<number> {
  const [row] = await t.db.db.select({ n: count() }).from(searches).where(eq(searches.userId, userId));
  return Number(row?.n ?? 0);
}
