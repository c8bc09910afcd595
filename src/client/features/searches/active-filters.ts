import { categoryLabel, MARKET_POTENTIAL_LABELS } from '#shared/searches/filter-options.ts';
import { SCORE_MAX, SCORE_MIN, type SearchFilters } from '#shared/searches/filters.schemas.ts';

// The chips under the search bar: one per active filter, each with how to remove it.

type Chip = { key: string; label: string; remove: (f: SearchFilters) => SearchFilters };

const RANGES = [
  { field: 'innovationScore', label: 'Innovation' },
  { field: 'marketSize', label: 'Market size' },
  { field: 'feasibilityScore', label: 'Feasibility' },
] as const;

/** One chip per active filter, in the order countActiveFilters counts them. */
export function activeFilterChips(filters: SearchFilters): Chip[] {
  const chips: Chip[] = [];
  for (const value of filters.categories) {
    const label = categoryLabel(value);
    chips.push({
      key: `cat-${value}`,
      label,
      remove: (f) => ({ ...f, categories: f.categories.filter((c) => c !== value) }),
    });
  }
  for (const { field, label } of RANGES) {
    const [min, max] = filters[field];
    if (min !== SCORE_MIN || max !== SCORE_MAX) {
      chips.push({
        key: field,
        label: `${label} ${min}–${max}`,
        remove: (f) => ({ ...f, [field]: [SCORE_MIN, SCORE_MAX] }),
      });
    }
  }
  if (filters.marketPotential) {
    chips.push({
      key: 'potential',
      label: `Potential: ${MARKET_POTENTIAL_LABELS[filters.marketPotential]}`,
      remove: (f) => ({ ...f, marketPotential: null }),
    });
  }
  const { from, to } = filters.dateRange;
  if (from || to) {
    chips.push({
      key: 'date',
      label: `Evidence dated ${from ?? '…'} to ${to ?? '…'}`,
      remove: (f) => ({ ...f, dateRange: { from: null, to: null } }),
    });
  }
  for (const keyword of filters.keywords) {
    chips.push({
      key: `kw-${keyword}`,
      label: `“${keyword}”`,
      remove: (f) => ({ ...f, keywords: f.keywords.filter((k) => k !== keyword) }),
    });
  }
  return chips;
}
