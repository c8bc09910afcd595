import { X } from 'lucide-react';
import { defaultFilters, type SearchFilters } from '#shared/searches/filters.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { activeFilterChips } from '../active-filters.ts';

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
