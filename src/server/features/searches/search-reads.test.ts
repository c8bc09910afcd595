import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { jsonObject } from '../../db/json-rows.ts';
import { jwtTokens, searchResults, searches, users } from '../../db/schema/index.ts';
import { userPrincipal } from '../../lib/access/principal.ts';
import { createUser, storedSearchValues, type TestUser } from '../../test/factories.ts';
import { fakeAnalysis } from '../../test/fake-engine.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { toSearchDetail, toSearchListItem } from './search.dto.ts';
import { getSearchDetail, historyPageQuery, listSearches } from './searches.service.ts';

// The history page and an analysis are read as one json value built by PostgreSQL (db/json-rows.ts,
// ADR 058). What they answer must be what reading the rows cell by cell through Drizzle gave, value
// for value, with awkward text, absent fields, microseconds and floats; and the history page's
// statement must keep a generic plan (no re-planning on every read).

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let analysedId: number;

const AWKWARD = 'naïve "quoted" \'single\' \\ back\nslash\t🚀 \u2028 <b>&amp;</b>';

function searchRow(userId: number, query: string, timestamp: Date) {
  return storedSearchValues(userId, { query, timestamp, facets: { offering: ['a'], segment: [], keywords: ['k'] } });
}

beforeAll(async () => {
  // The auth cache on, as in production: the faster reads must not outlive a revoked session.
  t = await createTestApp({ env: { AUTH_CACHE_TTL_MS: '60000' } });
  owner = await createUser(t, { subscriptionTier: 'enterprise', subscriptionStatus: 'active' });
  other = await createUser(t);
  const now = Date.now();
  const rows = Array.from({ length: 7 }, (_, i) =>
    searchRow(owner.user.id, `${AWKWARD} ${i}`, new Date(now - i * 1000)),
  );
  const inserted = await t.db.db.insert(searches).values(rows).returning({ id: searches.id });
  await t.db.db.insert(searches).values(searchRow(other.user.id, 'not yours', new Date(now)));
  // Microseconds, which a Date does not hold; an imported copy; a favourite; a long-failed composer.
  const first = inserted[0]!.id;
  await t.db.db.execute(
    sql`update ${searches} set timestamp = '2026-01-02 03:04:05.678912+00', is_favorite = true, composer_error = ${AWKWARD},
      imported_from = ${JSON.stringify({ ranAt: '2025-12-31T23:59:59.999Z', exportedAt: '2026-01-01T00:00:00.000Z', verified: false })}::jsonb
      where id = ${first}`,
  );
  analysedId = inserted[1]!.id;
  const analysis = fakeAnalysis('pet care', defaultFilters(), 3);
  const opportunities = analysis.opportunities.map((o, i) => ({
    ...o,
    searchId: analysedId,
    title: `${AWKWARD} ${i}`,
    opportunityScore: [1 / 3, 0.1, 123.456][i] ?? 0,
    relevance: [2 / 3, 1e-7, 99.99][i] ?? 0,
  }));
  const [saved] = await t.db.db.insert(searchResults).values(opportunities).returning({ id: searchResults.id });
  await t.db.db.execute(
    sql`update ${searchResults} set is_saved = true, saved_at = '2026-02-03 04:05:06.123456+00', composed_by = 'llm' where id = ${saved!.id}`,
  );
});
afterAll(() => t.close());

async function ownerRow() {
  const [user] = await t.db.db.select().from(users).where(eq(users.id, owner.user.id));
  return user!;
}

describe('reads as one json value', () => {
  it('answer the history page exactly as the rows read cell by cell, on every page', async () => {
    const rows = await t.db.db
      .select()
      .from(searches)
      .where(eq(searches.userId, owner.user.id))
      .orderBy(desc(searches.timestamp), desc(searches.id));
    const expected = rows.map(toSearchListItem);
    const user = await ownerRow();
    const read = (page: number, pageSize: number) =>
      listSearches({ db: t.db.db, user, now: new Date(), query: { page, pageSize } });

    const whole = await read(1, 20);
    expect(whole.items).toEqual(expected);
    expect(whole.hasMore).toBe(false);
    // Page 2 runs the statement with an OFFSET; its cursor names the last item shown.
    const second = await read(2, 3);
    expect(second.items).toEqual(expected.slice(3, 6));
    expect(second.hasMore).toBe(true);
    expect(second.nextCursor).not.toBeNull();
    expect((await read(1, 3)).items).toEqual(expected.slice(0, 3));
    expect(JSON.stringify(whole.items)).toContain('"timestamp":"2026-01-02T03:04:05.678Z"');
  });

  it('answer an analysis and its results exactly as the rows read cell by cell', async () => {
    const [search] = await t.db.db.select().from(searches).where(eq(searches.id, analysedId));
    const results = await t.db.db
      .select()
      .from(searchResults)
      .where(eq(searchResults.searchId, analysedId))
      .orderBy(asc(searchResults.rank));
    const expected = toSearchDetail(search!, results);
    const detail = await getSearchDetail({ db: t.db.db, principal: userPrincipal(owner.user.id), id: analysedId });
    expect(detail).toEqual(expected);
    expect(detail.results).toHaveLength(3);
    expect(detail.results.some((r) => r.composedBy === 'llm')).toBe(true);
  });

  it("never answer another user's analysis", async () => {
    await expect(
      getSearchDetail({ db: t.db.db, principal: userPrincipal(other.user.id), id: analysedId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuse more columns than json_build_object takes, and keys that are not property names', () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`c${i}`, searches.id]));
    expect(() => jsonObject(many)).toThrow(/at most 50/);
    expect(() => jsonObject({ "id') || ('x": searches.id })).toThrow(/not a column key/);
  });
});

describe('the faster reads keep the session check', () => {
  it('refuse a session revoked in the database on the next read, though it was cached', async () => {
    const reader = await createUser(t);
    const [mine] = await t.db.db
      .insert(searches)
      .values(storedSearchValues(reader.user.id, { query: 'mine', timestamp: new Date() }))
      .returning({ id: searches.id });
    const read = (url: string) => t.app.inject({ method: 'GET', url, headers: reader.headers });
    expect(t.app.deps.authCache.isActive()).toBe(true);
    expect((await read('/api/searches')).statusCode).toBe(200);
    expect((await read(`/api/searches/${mine!.id}`)).statusCode).toBe(200);
    // Another instance, or an operator, revokes the session: only the database says so.
    await t.db.db.update(jwtTokens).set({ isRevoked: true }).where(eq(jwtTokens.userId, reader.user.id));
    await expect.poll(async () => (await read('/api/searches')).statusCode, { timeout: 3_000, interval: 20 }).toBe(401);
    expect((await read(`/api/searches/${mine!.id}`)).statusCode).toBe(401);
  });
});

describe('the history page statement', () => {
  // PostgreSQL plans a prepared statement for its values five times, then keeps one generic plan
  // unless that looks costlier. With `OFFSET $n` on a table without statistics it always did, so the
  // page was planned again on every read; the first page's statement has no OFFSET.
  async function plansAfterExecutions(withOffset: boolean): Promise<{ generic: number; custom: number }> {
    const query = historyPageQuery(t.db.db, { withOffset }).toSQL();
    const values = [owner.user.id, '1970-01-01T00:00:00.000Z', 21, ...(withOffset ? [0] : [])];
    return t.db.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare history_plan_check as ${query.sql}`));
      const args = values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', ');
      for (let i = 0; i < 8; i++) await tx.execute(sql.raw(`execute history_plan_check(${args})`));
      const result = await tx.execute<{ generic: number | string; custom: number | string }>(
        sql`select generic_plans as generic, custom_plans as custom from pg_prepared_statements where name = 'history_plan_check'`,
      );
      await tx.execute(sql`deallocate history_plan_check`);
      const row = (result as { rows?: { generic: number | string; custom: number | string }[] }).rows?.[0];
      return { generic: Number(row?.generic), custom: Number(row?.custom) };
    });
  }

  it('keeps a generic plan for the first page instead of planning every read', async () => {
    expect(await plansAfterExecutions(false)).toEqual({ custom: 5, generic: 3 });
    // Why the first page has its own statement: the same page with an OFFSET is planned every time.
    expect(await plansAfterExecutions(true)).toEqual({ custom: 8, generic: 0 });
  });
});
