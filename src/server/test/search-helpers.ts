import { count, eq } from 'drizzle-orm';
import { SEARCH_STREAM_CONTENT_TYPE, type SearchStreamLine } from '#shared/searches/search.schemas.ts';
import { searches } from '../db/schema/index.ts';
import type { TestUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

// Shared by the search quota tests: run a search as a user, count what a user has stored.

export function postSearch(t: TestApp, user: Pick<TestUser, 'headers'>, query = 'invoicing for plumbers') {
  return t.app.inject({ method: 'POST', url: '/api/search', headers: user.headers, payload: { query } });
}

/** The streamed variant (Accept: application/x-ndjson); read its lines with streamLinesOf. */
export function postStreamedSearch(t: TestApp, user: Pick<TestUser, 'headers'>, query: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/search',
    headers: { ...user.headers, accept: SEARCH_STREAM_CONTENT_TYPE },
    payload: { query },
  });
}

export function streamLinesOf(body: string): SearchStreamLine[] {
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SearchStreamLine);
}

export async function storedSearchCount(t: TestApp, userId: number): Promise<number> {
  const [row] = await t.db.db.select({ n: count() }).from(searches).where(eq(searches.userId, userId));
  return Number(row?.n ?? 0);
}

export const PRO = { subscriptionTier: 'pro', subscriptionStatus: 'active' } as const;

/** Runs a search as `user` and returns the stored analysis's id (the exports tests). */
export async function analysisOf(t: TestApp, user: Pick<TestUser, 'headers'>, query: string): Promise<number> {
  const res = await postSearch(t, user, query);
  if (res.statusCode !== 200) throw new Error(`search failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { search: { id: number } } }>().data.search.id;
}
