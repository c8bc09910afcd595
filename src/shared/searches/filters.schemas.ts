import { z } from 'zod';
import { isoDateSchema } from '../api/text.ts';

// The one filter object shared by the client's filter panel, the API and the engine
// (docs/product/states.md). Labels and presets for screens are in filter-options.ts.

export const CATEGORIES = [
  'technology',
  'healthcare',
  'finance',
  'education',
  'ecommerce',
  'entertainment',
  'sustainability',
  'food',
  'travel',
  'real-estate',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const SORT_BY = ['relevance', 'innovation', 'marketSize', 'feasibility', 'marketPotential', 'date'] as const;

export const MARKET_POTENTIALS = ['very-high', 'high', 'medium', 'low'] as const;
export type MarketPotential = (typeof MARKET_POTENTIALS)[number];
export const SCORE_MIN = 0;
export const SCORE_MAX = 100;
export const SCORE_STEP = 5;
export const MAX_KEYWORDS = 20;
export const MAX_KEYWORD_LENGTH = 50;
export const MAX_QUERY_LENGTH = 500;

const score = z.number().int().min(SCORE_MIN).max(SCORE_MAX);
export const scoreRangeSchema = z
  .tuple([score, score])
  .refine(([min, max]) => min <= max, { message: 'Minimum must not exceed maximum' });
export type ScoreRange = z.infer<typeof scoreRangeSchema>;

const isoDate = isoDateSchema();

export const dateRangeSchema = z
  .object({ from: isoDate.nullable().default(null), to: isoDate.nullable().default(null) })
  .refine((r) => r.from === null || r.to === null || r.from <= r.to, {
    message: 'Start date must not be after end date',
    path: ['to'],
  });

export const searchFiltersSchema = z.strictObject({
  categories: z
    .array(z.enum(CATEGORIES, { message: 'Unknown category' }))
    .max(CATEGORIES.length)
    .refine((c) => new Set(c).size === c.length, { message: 'Categories must not repeat' })
    .default([]),
  innovationScore: scoreRangeSchema.default([SCORE_MIN, SCORE_MAX]),
  marketSize: scoreRangeSchema.default([SCORE_MIN, SCORE_MAX]),
  feasibilityScore: scoreRangeSchema.default([SCORE_MIN, SCORE_MAX]),
  marketPotential: z.enum(MARKET_POTENTIALS).nullable().default(null),
  dateRange: dateRangeSchema.default({ from: null, to: null }),
  sortBy: z.enum(SORT_BY).default('relevance'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  keywords: z
    .array(z.string().trim().min(1, 'Keywords cannot be empty').max(MAX_KEYWORD_LENGTH))
    .max(MAX_KEYWORDS, `At most ${MAX_KEYWORDS} keywords`)
    .default([]),
});
export type SearchFilters = z.infer<typeof searchFiltersSchema>;

export function defaultFilters(): SearchFilters {
  return {
    categories: [],
    innovationScore: [SCORE_MIN, SCORE_MAX],
    marketSize: [SCORE_MIN, SCORE_MAX],
    feasibilityScore: [SCORE_MIN, SCORE_MAX],
    marketPotential: null,
    dateRange: { from: null, to: null },
    sortBy: 'relevance',
    sortOrder: 'desc',
    keywords: [],
  };
}

/** Whether a score range is the whole scale (not narrowed). */
export function isFullRange([min, max]: ScoreRange): boolean {
  return min === SCORE_MIN && max === SCORE_MAX;
}

/**
 * Whether a score is within a filter range. A market that is not sized (null) passes only a range that is not
 * narrowed: asking for a market size of 80–100 asks for a size that is known.
 */
export function scoreInRange(score: number | null, range: ScoreRange): boolean {
  if (score === null) return isFullRange(range);
  return score >= range[0] && score <= range[1];
}

/** Orders two scores of which either may be unknown (a market not sized): unknown last, whichever the direction. */
export function compareScores(a: number | null, b: number | null, direction: 1 | -1): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (a - b) * direction;
}

/** Active filters: one per category, one per narrowed score range, one for potential, one for a date bound, one per keyword. */
export function countActiveFilters(f: SearchFilters): number {
  const ranges = [f.innovationScore, f.marketSize, f.feasibilityScore].filter((r) => !isFullRange(r)).length;
  const hasDate = f.dateRange.from !== null || f.dateRange.to !== null;
  return f.categories.length + ranges + (f.marketPotential ? 1 : 0) + (hasDate ? 1 : 0) + f.keywords.length;
}

/** Adds a keyword as the panel does: trimmed, ignored when empty or already present. */
export function addKeyword(keywords: readonly string[], raw: string): string[] {
  const keyword = raw.trim();
  if (!keyword || keywords.includes(keyword) || keywords.length >= MAX_KEYWORDS) return [...keywords];
  return [...keywords, keyword.slice(0, MAX_KEYWORD_LENGTH)];
}
