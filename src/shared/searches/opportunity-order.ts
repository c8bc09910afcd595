import type { SearchFilters } from './filters.schemas.ts';

// The one order of an analysis's opportunities (issue 29). The page, every export (PDF, CSV, deck,
// bundle), the share views, market research, the assistant and the API all list them through this
// function, so "#1" names the same opportunity everywhere (docs/decisions/012).
//
// A search run in the default order (relevance) is shown highest opportunity score first; a search
// that asked for another order (a preset's sort) keeps the engine's order for it, which is `rank`.
// Ties keep the engine's rank, so the order is total and the same on every run.

type Orderable = { rank: number; opportunityScore: number };

/** Whether the analysis is listed by opportunity score (default order) or in the engine's rank (a chosen order). */
export function analysisOrderKey(sortBy: SearchFilters['sortBy']): 'opportunityScore' | 'rank' {
  return sortBy === 'relevance' ? 'opportunityScore' : 'rank';
}

/** The opportunities in the one order; position i is shown as "#(i + 1)". A new array, the input is not changed. */
export function orderOpportunities<T extends Orderable>(
  items: readonly T[],
  order: Pick<SearchFilters, 'sortBy'>,
): T[] {
  const byScore = analysisOrderKey(order.sortBy) === 'opportunityScore';
  return [...items].sort((a, b) =>
    byScore ? b.opportunityScore - a.opportunityScore || a.rank - b.rank : a.rank - b.rank,
  );
}
