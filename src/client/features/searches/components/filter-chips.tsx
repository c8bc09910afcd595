import { X } from 'lucide-react';
import {
  CATEGORY_OPTIONS,
  MARKET_POTENTIAL_LABELS,
  SCORE_MAX,
  SCORE_MIN,
  defaultFilters,
  type SearchFilters,
} from '#shared/searches/filters.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';

type Chip = { key: string; label: string; remove: (f: SearchFilters) => SearchFilters };

const RANGES = [
  { field: 'innovationScore', label: 'Innovation' },
  { field: 'marketSize', label: 'Market size' },
  { field: 'feasibilityScore', label: 'Feasibility' },
] as const;

/** One chip per active filter, in the spec §4 counting order. */
export function activeFilterChips(filters: SearchFilters): Chip[] {
  const chips: Chip[] = [];
  for (const value of filters.categories) {
    const label = CATEGORY_OPTIONS.find((o) => o.value === value)?.label ?? value;
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
      label: `Dates ${from ?? '…'} – ${to ?? '…'}`,
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

export function FilterChips({ filters, onChange }: { filters: SearchFilters; onChange: (f: SearchFilters) => void }) {
  const chips = activeFilterChips(filters);
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
      {chips.map((chip) => (
        <button
          key={chip.key}
          type="button"
          onClick={() => onChange(chip.remove(filters))}
          className="inline-flex min-h-11 items-center gap-1 rounded-full border bg-accent px-3 text-sm text-accent-foreground hover:bg-muted"
        >
          {chip.label}
          <X aria-hidden="true" className="size-3" />
          <span className="sr-only">Remove filter</span>
        </button>
      ))}
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onChange({ ...defaultFilters(), sortBy: filters.sortBy, sortOrder: filters.sortOrder })}
      >
        Clear all
      </Button>
    </div>
  );
}
