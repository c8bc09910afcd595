import type { SearchResultDto } from '#shared/searches/search.schemas.ts';

export const RESULT_SORTS = {
  rank: 'Rank',
  opportunityScore: 'Opportunity score',
  innovationScore: 'Innovation',
  marketSize: 'Market size',
  feasibility: 'Feasibility',
  confidenceScore: 'Confidence',
} as const;
export type ResultSort = keyof typeof RESULT_SORTS;

/** Sorting and filtering within one analysis's results (client side: at most 8 rows). */
export function sortAndFilterResults(
  results: SearchResultDto[],
  options: { sort: ResultSort; category: string; minScore: number; savedOnly: boolean },
): SearchResultDto[] {
  const { sort, category, minScore, savedOnly } = options;
  return results
    .filter((r) => (category ? r.category === category : true))
    .filter((r) => Math.min(r.innovationScore, r.marketSize, r.feasibility) >= minScore)
    .filter((r) => (savedOnly ? r.isSaved : true))
    .sort((a, b) => (sort === 'rank' ? a.rank - b.rank : b[sort] - a[sort]));
}
