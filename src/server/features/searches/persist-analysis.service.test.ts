import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GapAnalysis } from '#shared/engine/analysis.schemas.ts';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { createEngine } from '../../engine/engine.ts';
import { searchResults, searches } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { fakeAnalysis } from '../../test/fake-engine.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { fixtureEnv } from '../../engine/test/engine-fixtures.ts';
import { users } from '../../db/schema/index.ts';
import { persistAnalysis, searchRowOf } from './persist-analysis.service.ts';

// persistAnalysis writes the search and its results in one statement, the results read from one
// jsonb parameter (docs/decisions/048). It must store exactly what Drizzle's multi-row insert of the
// same opportunities stored: every column, every type, every nested value, null where a field is
// absent, the same defaults.

let db: TestDatabase;
let userId: number;

/** The insert this replaced, kept here as the reference. */
async function drizzleInsert(tx: Tx, analysis: GapAnalysis, at: Date): Promise<number> {
  const [search] = await tx
    .insert(searches)
    .values(searchRowOf({ userId, analysis, at, durationMs: 42 }))
    .returning({ id: searches.id });
  if (analysis.opportunities.length > 0)
    await tx
      .insert(searchResults)
      .values(analysis.opportunities.map((o) => ({ ...o, searchId: search!.id, isSaved: false })));
  return search!.id;
}

async function stored(searchId: number) {
  const [search] = await db.db.select().from(searches).where(eq(searches.id, searchId));
  const results = await db.db
    .select()
    .from(searchResults)
    .where(eq(searchResults.searchId, searchId))
    .orderBy(asc(searchResults.rank));
  const { id: _id, ...searchColumns } = search!;
  return { search: searchColumns, results: results.map(({ id: _rid, searchId: _sid, ...columns }) => columns) };
}

async function bothWays(analysis: GapAnalysis) {
  const at = new Date('2026-03-04T05:06:07.089Z');
  const reference = await db.db.transaction((tx) => drizzleInsert(tx, analysis, at));
  const oneStatement = await db.db.transaction((tx) => persistAnalysis(tx, { userId, analysis, at, durationMs: 41.6 }));
  return { reference: await stored(reference), oneStatement: await stored(oneStatement) };
}

/** Text and numbers that a JSON round trip or a type cast could change. */
function awkwardAnalysis(): GapAnalysis {
  const analysis = fakeAnalysis('awkward "quotes" \\ back\\slash', defaultFilters(), 3);
  const [first, second, third] = analysis.opportunities;
  first!.title = "Ünïcødé — “quoted” 'single' and emoji 🚀 and a tab\tand\nnewline";
  first!.opportunityScore = 0.1 + 0.2;
  first!.relevance = 1e-7;
  first!.composedBy = 'llm';
  second!.latestEvidenceDate = null;
  second!.opportunityScore = 123456.789;
  second!.evidence = [{ id: 'e', source: 'yc', ref: 'r', value: null, note: 'n', url: 'https://x.test/?a=1&b="2"' }];
  second!.competitors = [];
  second!.riskFlags = ['risk with "quotes"', ''];
  third!.cell = { offering: 'o', segment: 's', kind: 'adjacent' };
  third!.evidence[0]!.value = -0;
  return analysis;
}

beforeAll(async () => {
  db = await createTestDatabase();
  const [user] = await db.db
    .insert(users)
    .values({ name: 'P', firstName: 'P', email: 'persist@example.test' })
    .returning();
  userId = user!.id;
});

afterAll(async () => {
  await db.close();
});

describe('persistAnalysis', () => {
  it('stores exactly what the Drizzle insert stored, for real analyses of the fixture datasets', async () => {
    const engine = await createEngine({ env: fixtureEnv() });
    for (const query of [
      'pet care for elderly owners',
      'insurance verification for dental clinics',
      'paralegal services for law firms',
    ]) {
      const analysis = await engine.analyze({ query, filters: defaultFilters() });
      expect(analysis.opportunities.length).toBeGreaterThan(0);
      const { reference, oneStatement } = await bothWays(analysis);
      expect(oneStatement.results).toHaveLength(analysis.opportunities.length);
      expect(oneStatement).toEqual({ ...reference, search: { ...reference.search, durationMs: 42 } });
    }
  });

  it('stores exactly what the Drizzle insert stored for awkward text, numbers, nulls and absent fields', async () => {
    const { reference, oneStatement } = await bothWays(awkwardAnalysis());
    expect(oneStatement.results).toHaveLength(3);
    expect(oneStatement).toEqual({ ...reference, search: { ...reference.search, durationMs: 42 } });
    expect(oneStatement.results[0]!.title).toContain('🚀');
    expect(oneStatement.results[1]!.latestEvidenceDate).toBeNull();
    expect(oneStatement.results[1]!.composedBy).toBeNull();
  });

  it('stores an answer without opportunities as the search row alone', async () => {
    const analysis = fakeAnalysis('nothing here', defaultFilters(), 0);
    analysis.status = 'insufficient_data';
    analysis.reason = 'Nothing in the corpus.';
    const { reference, oneStatement } = await bothWays(analysis);
    expect(oneStatement.results).toEqual([]);
    expect(oneStatement).toEqual({ ...reference, search: { ...reference.search, durationMs: 42 } });
  });
});
