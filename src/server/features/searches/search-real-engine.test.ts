import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import type { SearchDetail } from '#shared/searches/search.schemas.ts';
import { searchResults, searches } from '../../db/schema/index.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { resolveSearchEngine } from './search-engine.provider.ts';

// Through the REAL engine (the seed corpus: no DATASETS_DIR in tests): what is stored is exactly
// what the engine computed, every field of every opportunity, with the corpus and rubric versions.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('search through the real engine', () => {
  it('persists every field of every opportunity, plus evidence, competitors and breakdowns', async () => {
    const user = await createUser(t);
    const query = 'bookkeeping for restaurants';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: user.headers,
      payload: { query: `  ${query} ` },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json<{ data: { search: { id: number } } }>().data.search.id;

    const expected = await resolveSearchEngine(t.app).analyze({ query, filters: defaultFilters() }, {});
    expect(expected.status).toBe('ok');
    expect(expected.opportunities.length).toBeGreaterThan(0);

    const [search] = await t.db.db.select().from(searches).where(eq(searches.id, id));
    expect(search).toMatchObject({
      query,
      resultsCount: expected.opportunities.length,
      status: 'ok',
      corpusVersion: expected.corpus.version,
      corpusKind: 'seed',
      rubricVersion: expected.rubricVersion,
      composerMode: expected.composer.mode,
      filters: defaultFilters(),
      facets: expected.facets,
      warnings: expected.warnings,
    });
    const rows = await t.db.db
      .select()
      .from(searchResults)
      .where(eq(searchResults.searchId, id))
      .orderBy(asc(searchResults.rank));
    expect(rows).toHaveLength(expected.opportunities.length);

    const detail = (await t.app.inject({ method: 'GET', url: `/api/searches/${id}`, headers: user.headers })).json<{
      data: SearchDetail;
    }>().data;
    expect(detail.results).toEqual(
      expected.opportunities.map((o, i) => ({ ...o, id: rows[i]?.id, searchId: id, isSaved: false })),
    );
    for (const result of detail.results) {
      expect(result.evidence.length).toBeGreaterThan(0);
      expect(result.breakdown.opportunityScore.factors.length).toBeGreaterThan(0);
      const evidenceIds = new Set(result.evidence.map((e) => e.id));
      for (const factor of Object.values(result.breakdown).flatMap((b) => b.factors)) {
        for (const ref of factor.evidenceIds) expect(evidenceIds).toContain(ref);
      }
    }
  });

  it('stores an honest insufficient_data answer with no results', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: user.headers,
      payload: { query: 'zzqx flurbo wibble' },
    });
    const id = res.json<{ data: { search: { id: number } } }>().data.search.id;
    const detail = (await t.app.inject({ method: 'GET', url: `/api/searches/${id}`, headers: user.headers })).json<{
      data: SearchDetail;
    }>().data;
    expect(detail).toMatchObject({
      resultsCount: 0,
      results: [],
      status: 'insufficient_data',
      analysis: { status: 'insufficient_data', reason: expect.any(String) },
    });
  });
});
