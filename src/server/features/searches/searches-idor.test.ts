import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResults, searches } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createFakeEngine } from '../../test/fake-engine.ts';

// User B must not see or change anything of user A's through any id route: every one answers 404,
// exactly as for an id that does not exist.

let t: TestApp;
let owner: TestUser;
let intruder: TestUser;
let searchId: number;
let resultId: number;

beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: createFakeEngine() } });
  owner = await createUser(t);
  intruder = await createUser(t, { subscriptionTier: 'pro', subscriptionStatus: 'active' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/search',
    headers: owner.headers,
    payload: { query: 'dental billing' },
  });
  searchId = res.json<{ data: { search: { id: number } } }>().data.search.id;
  const [result] = await t.db.db.select().from(searchResults).where(eq(searchResults.searchId, searchId));
  if (!result) throw new Error('no result stored');
  resultId = result.id;
});
afterAll(() => t.close());

type Attempt = { name: string; method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: () => string; payload?: object };
const attempts: Attempt[] = [
  { name: 'read a search', method: 'GET', url: () => `/api/searches/${searchId}` },
  {
    name: 'favourite a search',
    method: 'PATCH',
    url: () => `/api/searches/${searchId}/favorite`,
    payload: { isFavorite: true },
  },
  { name: 're-run a search', method: 'POST', url: () => `/api/searches/${searchId}/rerun` },
  { name: 'read a result', method: 'GET', url: () => `/api/search-results/${resultId}` },
  {
    name: 'save a result',
    method: 'PATCH',
    url: () => `/api/search-results/${resultId}/save`,
    payload: { isSaved: true },
  },
  // Last: the owner's run of this table deletes the search.
  { name: 'delete a search', method: 'DELETE', url: () => `/api/searches/${searchId}` },
];

describe('IDOR', () => {
  it.each(attempts)('another user cannot $name (404)', async ({ method, url, payload }) => {
    const res = await t.app.inject({ method, url: url(), headers: intruder.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it("left the owner's search, result and list untouched", async () => {
    const [search] = await t.db.db.select().from(searches).where(eq(searches.id, searchId));
    expect(search).toMatchObject({ userId: owner.user.id, isFavorite: false });
    const [result] = await t.db.db.select().from(searchResults).where(eq(searchResults.id, resultId));
    expect(result?.isSaved).toBe(false);
    const rows = await t.db.db.select().from(searches).where(eq(searches.userId, intruder.user.id));
    expect(rows).toHaveLength(0);
    const list = await t.app.inject({ method: 'GET', url: '/api/searches', headers: intruder.headers });
    expect(list.json().data.items).toEqual([]);
    const saved = await t.app.inject({ method: 'GET', url: '/api/search-results/saved', headers: intruder.headers });
    expect(saved.json().data.items).toEqual([]);
  });

  it.each(attempts)('the owner can $name', async ({ method, url, payload }) => {
    const res = await t.app.inject({ method, url: url(), headers: owner.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(200);
  });

  it('every id route needs a signed-in user', async () => {
    for (const { method, url, payload } of attempts) {
      const res = await t.app.inject({ method, url: url(), ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(401);
    }
  });
});
