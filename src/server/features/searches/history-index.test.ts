import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searches } from '../../db/schema/index.ts';
import { createUser, storedSearchValues, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The history page (GET /api/searches, newest first) is read off searches_user_timestamp_idx in its
// order, so a page costs its own rows however long the history: `ORDER BY … DESC` means NULLS FIRST,
// and an index built NULLS LAST made PostgreSQL sort all of a user's searches on every page (ADR 047).

let t: TestApp;
let user: TestUser;

function history(userId: number, count: number, now: number) {
  return Array.from({ length: count }, (_, i) =>
    storedSearchValues(userId, { query: `query ${i}`, timestamp: new Date(now - i * 60_000) }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  const now = Date.now();
  // Others' searches too, as in any real table: the user's history is a small part of it.
  const others = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
  for (const other of others) await t.db.db.insert(searches).values(history(other.user.id, 400, now));
  await t.db.db.insert(searches).values(history(user.user.id, 100, now));
  await t.db.db.execute(sql`analyze searches`);
});
afterAll(() => t.close());

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };

type ExplainRow = { 'QUERY PLAN': { Plan: PlanNode }[] };

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

describe('the history page', () => {
  it('reads its rows from the user index in order, without sorting the history', async () => {
    // The same ordering as the service's history query (searches.service.ts).
    const page = t.db.db
      .select({ id: searches.id, query: searches.query, timestamp: searches.timestamp })
      .from(searches)
      .where(and(eq(searches.userId, user.user.id), gte(searches.timestamp, new Date(0))))
      .orderBy(desc(searches.timestamp), desc(searches.id))
      .limit(21)
      .toSQL();
    const params = page.params.map((p) => (p instanceof Date ? p.toISOString() : p));
    const explained = await t.db.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const text = `explain (format json) ${page.sql.replace(/\$(\d+)/g, (_m, n: string) => `'${String(params[Number(n) - 1])}'`)}`;
      return tx.execute<ExplainRow>(sql.raw(text));
    });
    const rows = (explained as { rows?: ExplainRow[] }).rows ?? [];
    const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error('no plan');
    const nodes = nodesOf(plan);
    expect(nodes.map((n) => n['Node Type'])).toEqual(['Limit', 'Index Scan']);
    expect(nodes.some((n) => n['Index Name'] === 'searches_user_timestamp_idx')).toBe(true);
  });
});
