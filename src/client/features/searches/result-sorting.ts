import { compareScores, type SearchFilters } from '#shared/searches/filters.schemas.ts';
import { SCORE_MAX } from '#shared/app/score-format.ts';
import { SORT_OPTIONS } from '#shared/searches/filter-options.ts';
import { analysisOrderKey, orderOpportunities } from '#shared/searches/opportunity-order.ts';
import type { SearchResultDto } from '#shared/searches/search.schemas.ts';

export const RESULT_SORTS = {
  opportunityScore: 'Opportunity score',
  rank: "The search's order",
  innovationScore: 'Innovation',
  marketSize: 'Market size',
  feasibility: 'Feasibility',
  confidenceScore: 'Confidence',
} as const;
export type ResultSort = keyof typeof RESULT_SORTS;

/**
 * The order results open in: highest opportunity score first, unless the search asked for another order (a
 * preset sorts by innovation, market size…), which is then kept (docs/decisions/012).
 */
export function defaultResultSort(searchSortBy: SearchFilters['sortBy']): ResultSort {
  return analysisOrderKey(searchSortBy);
}

/** What the shown order follows, in words ("highest opportunity score first"). */
export function orderDescription(sort: ResultSort, search: Pick<SearchFilters, 'sortBy' | 'sortOrder'>): string {
  if (sort === 'rank') {
    const label = SORT_OPTIONS.find((o) => o.value === search.sortBy)?.label ?? search.sortBy;
    return `in the search's order: ${label.toLowerCase()}, ${search.sortOrder === 'asc' ? 'lowest' : 'highest'} first`;
  }
  return `highest ${RESULT_SORTS[sort].toLowerCase()} first`;
}

/**
 * Sorting and filtering within one analysis's results (client side: at most 8 rows). The default sort is the
 * one order every export and view uses (orderOpportunities); another sort keeps that order among ties.
 */
export function sortAndFilterResults(
  results: SearchResultDto[],
  options: { sort: ResultSort; category: string; minScore: number; savedOnly: boolean },
  searchOrder: Pick<SearchFilters, 'sortBy'>,
): SearchResultDto[] {
  const { sort, category, minScore, savedOnly } = options;
  const filtered = results
    .filter((r) => (category ? r.category === category : true))
    // Every known score at least the minimum: a market not sized is unknown, so it neither passes nor fails.
    .filter((r) => Math.min(r.innovationScore, r.marketSize ?? SCORE_MAX, r.feasibility) >= minScore)
    .filter((r) => (savedOnly ? r.isSaved : true));
  const ordered = orderOpportunities(filtered, searchOrder);
  if (sort === defaultResultSort(searchOrder.sortBy)) return ordered;
  // A market not sized goes after every sized one (compareScores), like the engine's own sort.
  return ordered.sort((a, b) => (sort === 'rank' ? a.rank - b.rank : compareScores(a[sort], b[sort], -1)));
}
