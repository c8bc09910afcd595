import { describe, expect, it } from 'vitest';
import type { SearchAnalysisMeta } from '#shared/searches/search.schemas.ts';
import { countOf } from '#client/lib/format.ts';
import { computationDetails, isOperatorNote } from './provenance.ts';
import { defaultResultSort, orderDescription, sortAndFilterResults } from './result-sorting.ts';
import { fakeOpportunityDto } from './test/result-fixtures.ts';

const analysis: SearchAnalysisMeta = {
  status: 'ok',
  reason: null,
  engine: 'offline',
  composerMode: 'offline',
  composerModel: null,
  composerError: null,
  corpusVersion: 'seed-19e439ce539e',
  corpusKind: 'seed',
  corpusSources: ['seed'],
  rubricVersion: 'rubric-2026.11-4',
  semanticRetrieval: false,
  retrievalNote: null,
  facets: { offering: [], segment: [], keywords: [] },
  warnings: ['Set DATASETS_DIR to the full datasets for a real analysis.', 'The YC directory is a sample.'],
};

describe('results copy (issue 13)', () => {
  it('counts in the right number', () => {
    expect(countOf(1, 'opportunity', 'opportunities')).toBe('1 opportunity');
    expect(countOf(0, 'opportunity', 'opportunities')).toBe('0 opportunities');
    expect(countOf(3, 'search', 'searches')).toBe('3 searches');
  });

  it('opens highest opportunity score first unless the search asked for an order, and says which', () => {
    const results = [
      fakeOpportunityDto(1, { opportunityScore: 30 }),
      fakeOpportunityDto(2, { opportunityScore: 94 }),
      fakeOpportunityDto(3, { opportunityScore: 59 }),
    ];
    const sort = defaultResultSort('relevance');
    expect(sort).toBe('opportunityScore');
    const options = { sort, category: '', minScore: 0, savedOnly: false };
    expect(sortAndFilterResults(results, options, { sortBy: 'relevance' }).map((r) => r.opportunityScore)).toEqual([
      94, 59, 30,
    ]);
    expect(orderDescription(sort, { sortBy: 'relevance', sortOrder: 'desc' })).toBe('highest opportunity score first');
    expect(defaultResultSort('innovation')).toBe('rank');
    expect(orderDescription('rank', { sortBy: 'innovation', sortOrder: 'desc' })).toBe(
      "in the search's order: innovation score, highest first",
    );
  });

  it('keeps identifiers and operator notes for "How this was computed", in sentences', () => {
    expect(isOperatorNote(analysis.warnings[0]!)).toBe(true);
    expect(isOperatorNote(analysis.warnings[1]!)).toBe(false);
    const lines = computationDetails(analysis);
    expect(lines[0]).toMatch(/^Data: the small sample built into Unbuilt/);
    expect(lines).toContain('Versions, to compare analyses: data seed-19e439ce539e, scoring rules rubric-2026.11-4.');
    expect(lines.at(-1)).toBe(
      'Note for whoever runs this server: Set DATASETS_DIR to the full datasets for a real analysis.',
    );
    expect(lines.some((l) => l.includes('The YC directory is a sample.'))).toBe(false);
  });
});
