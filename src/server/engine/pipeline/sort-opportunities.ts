import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import { compareScores, MARKET_POTENTIALS } from '#shared/searches/filters.schemas.ts';
import type { RubricScores } from './rubric.ts';

// sortBy / sortOrder of the filter object. Ties fall back to the opportunity score, then the
// title-defining cell, so the order is total and the same on every run. A market not sized sorts after
// every sized one, ascending or descending.

type Sortable = {
  scores: RubricScores;
  latestEvidenceDate: string | null;
  cell: { offering: string; segment: string };
};

function key(item: Sortable, sortBy: SearchFilters['sortBy']): number | string | null {
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
    if (ka !== kb) {
      if (typeof ka === 'string' || typeof kb === 'string') return (String(ka) < String(kb) ? -1 : 1) * direction;
      return compareScores(ka, kb, direction);
    }
    if (a.scores.opportunityScore !== b.scores.opportunityScore)
      return b.scores.opportunityScore - a.scores.opportunityScore;
    return `${a.cell.offering}|${a.cell.segment}`.localeCompare(`${b.cell.offering}|${b.cell.segment}`);
  });
}
