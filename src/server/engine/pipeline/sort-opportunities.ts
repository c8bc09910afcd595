import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import { MARKET_POTENTIALS } from '#shared/searches/filters.schemas.ts';
import type { RubricScores } from './rubric.ts';

// sortBy / sortOrder of the filter object. Ties fall back to the opportunity score, then the
// title-defining cell, so the order is total and the same on every run.

type Sortable = {
  scores: RubricScores;
  latestEvidenceDate: string | null;
  cell: { offering: string; segment: string };
};

function key(item: Sortable, sortBy: SearchFilters['sortBy']): number | string {
  const s = item.scores;
  switch (sortBy) {
    case 'relevance':
      return s.relevance;
    case 'innovation':
      return s.innovationScore;
    case 'marketSize':
      return s.marketSize;
    case 'feasibility':
      return s.feasibility;
    case 'marketPotential':
      return MARKET_POTENTIALS.length - MARKET_POTENTIALS.indexOf(s.marketPotential);
    case 'date':
      return item.latestEvidenceDate ?? '';
  }
}

export function sortOpportunities<T extends Sortable>(items: T[], filters: SearchFilters): T[] {
  const direction = filters.sortOrder === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const ka = key(a, filters.sortBy);
    const kb = key(b, filters.sortBy);
    if (ka !== kb) return (ka < kb ? -1 : 1) * direction;
    if (a.scores.opportunityScore !== b.scores.opportunityScore)
      return b.scores.opportunityScore - a.scores.opportunityScore;
    return `${a.cell.offering}|${a.cell.segment}`.localeCompare(`${b.cell.offering}|${b.cell.segment}`);
  });
}
