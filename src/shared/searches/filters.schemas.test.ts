import { describe, expect, it } from 'vitest';
import {
  addKeyword,
  compareScores,
  countActiveFilters,
  defaultFilters,
  scoreInRange,
  searchFiltersSchema,
  type SearchFilters,
} from './filters.schemas.ts';
import { presetFilters } from './filter-options.ts';

// docs/product/data.md (filter object, defaults), states.md (active-filter count), validation.md (keywords), constants.md (presets).

describe('defaults', () => {
  it('an empty object parses to the docs/product/data.md defaults, which count as 0 active filters', () => {
    const parsed = searchFiltersSchema.parse({});
    expect(parsed).toEqual({
      categories: [],
      innovationScore: [0, 100],
      marketSize: [0, 100],
      feasibilityScore: [0, 100],
      marketPotential: null,
      dateRange: { from: null, to: null },
      sortBy: 'relevance',
      sortOrder: 'desc',
      keywords: [],
    });
    expect(parsed).toEqual(defaultFilters());
    expect(countActiveFilters(parsed)).toBe(0);
  });
});

describe('presets', () => {
  const recentWindow = { from: '2021-09-26', to: '2023-11-21' };
  it.each([
    ['high-innovation', { innovationScore: [70, 100], sortBy: 'innovation' }, 1],
    ['large-markets', { marketSize: [80, 100], sortBy: 'marketSize' }, 1],
    ['easy-to-build', { feasibilityScore: [70, 100], sortBy: 'feasibility' }, 1],
    ['trending-now', { dateRange: recentWindow, sortBy: 'date' }, 1],
  ] as const)('%s', (id, expected, active) => {
    const filters = presetFilters(id, recentWindow);
    expect(filters).toEqual({ ...defaultFilters(), ...expected });
    expect(searchFiltersSchema.parse(filters)).toEqual(filters);
    expect(countActiveFilters(filters)).toBe(active);
  });
});

describe('active-filter count (docs/product/states.md)', () => {
  const d = defaultFilters();
  it.each<[string, Partial<SearchFilters>, number]>([
    ['one per category', { categories: ['technology', 'food', 'travel'] }, 3],
    ['one per narrowed range', { innovationScore: [5, 100], marketSize: [0, 95] }, 2],
    ['a full range counts nothing', { feasibilityScore: [0, 100] }, 0],
    ['one for potential', { marketPotential: 'high' }, 1],
    ['one for a date range with only a start', { dateRange: { from: '2026-01-01', to: null } }, 1],
    ['one for a date range with both bounds', { dateRange: { from: '2026-01-01', to: '2026-02-01' } }, 1],
    ['one per keyword', { keywords: ['ai', 'b2b'] }, 2],
    ['sorting is not a filter', { sortBy: 'date', sortOrder: 'asc' }, 0],
    [
      'everything at once',
      {
        categories: ['finance'],
        marketSize: [50, 100],
        marketPotential: 'low',
        dateRange: { from: null, to: '2026-01-01' },
        keywords: ['x'],
      },
      5,
    ],
  ])('%s', (_name, change, expected) => {
    expect(countActiveFilters({ ...d, ...change })).toBe(expected);
  });
});

describe('keywords (docs/product/validation.md)', () => {
  it.each<[string, string[], string, string[]]>([
    ['adds a trimmed keyword', ['a'], '  saas  ', ['a', 'saas']],
    ['ignores an empty keyword', ['a'], '   ', ['a']],
    ['ignores a duplicate', ['saas'], ' saas', ['saas']],
  ])('%s', (_name, before, raw, after) => {
    expect(addKeyword(before, raw)).toEqual(after);
  });
});

describe('bad filters are rejected with the field named', () => {
  it.each<[string, unknown, string]>([
    ['unknown category', { categories: ['space'] }, 'categories.0'],
    ['repeated category', { categories: ['food', 'food'] }, 'categories'],
    ['inverted range', { marketSize: [90, 10] }, 'marketSize'],
    ['score over 100', { innovationScore: [0, 120] }, 'innovationScore.1'],
    ['negative score', { feasibilityScore: [-5, 50] }, 'feasibilityScore.0'],
    ['string range', { innovationScore: 'high' }, 'innovationScore'],
    ['unknown potential', { marketPotential: 'huge' }, 'marketPotential'],
    ['unknown sort', { sortBy: 'price' }, 'sortBy'],
    ['bad sort order', { sortOrder: 'up' }, 'sortOrder'],
    ['bad date', { dateRange: { from: 'yesterday', to: null } }, 'dateRange.from'],
    ['inverted dates', { dateRange: { from: '2026-05-01', to: '2026-04-01' } }, 'dateRange.to'],
    ['1,000 keywords', { keywords: Array.from({ length: 1000 }, (_, i) => `k${i}`) }, 'keywords'],
    ['blank keyword', { keywords: ['  '] }, 'keywords.0'],
    ['unknown field', { colour: 'red' }, ''],
  ])('%s', (_name, input, path) => {
    const result = searchFiltersSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});

describe('a market that is not sized (market size null)', () => {
  it('passes only a range that is not narrowed, where a known size passes by its value', () => {
    expect(scoreInRange(null, [0, 100])).toBe(true);
    expect(scoreInRange(null, [80, 100])).toBe(false);
    expect(scoreInRange(null, [0, 99])).toBe(false);
    expect(scoreInRange(85, [80, 100])).toBe(true);
    expect(scoreInRange(79, [80, 100])).toBe(false);
    expect(scoreInRange(0, [0, 100])).toBe(true);
  });

  it('sorts after every known score, descending and ascending', () => {
    const scores = [40, null, 90, 0, null, 65];
    expect([...scores].sort((a, b) => compareScores(a, b, -1))).toEqual([90, 65, 40, 0, null, null]);
    expect([...scores].sort((a, b) => compareScores(a, b, 1))).toEqual([0, 40, 65, 90, null, null]);
  });
});
