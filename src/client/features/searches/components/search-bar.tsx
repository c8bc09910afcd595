import { Search, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { countActiveFilters, type SearchFilters } from '#shared/searches/filters.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FilterChips } from './filter-chips.tsx';
import { FilterPanel } from './filter-panel.tsx';

type SearchBarProps = {
  filters: SearchFilters;
  onFiltersChange: (filters: SearchFilters) => void;
  onSearch: (query: string) => void;
  isLoading: boolean;
};

/** docs/product/screens.md: Enter or Search runs; the button is disabled while loading; Ctrl/Cmd+K focuses the field. */
export function SearchBar({ filters, onFiltersChange, onSearch, isLoading }: SearchBarProps) {
  const [query, setQuery] = useState('');
  const [isPanelOpen, setPanelOpen] = useState(false);
  const active = countActiveFilters(filters);
  const submit = () => {
    if (query.trim()) onSearch(query);
  };

  return (
    <div>
      <form
        role="search"
        className="flex flex-col gap-2 sm:flex-row"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor="market-search" className="sr-only">
          Describe a market to explore
        </label>
        <input
          id="market-search"
          data-search-input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="e.g. invoicing software for independent plumbers"
          className="min-h-11 flex-1 rounded-md border bg-background px-4 text-base"
          maxLength={500}
        />
        <Button
          variant="outline"
          aria-expanded={isPanelOpen}
          onClick={() => setPanelOpen((o) => !o)}
          aria-label={active ? `Filters (${active} active)` : 'Filters'}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {active > 0 ? (
            <span aria-hidden="true" className="rounded-full bg-primary px-2 text-xs text-primary-foreground">
              {active}
            </span>
          ) : null}
        </Button>
        <Button type="submit" disabled={isLoading}>
          <Search aria-hidden="true" />
          Search
        </Button>
      </form>
      <div className="mt-2">
        <FilterChips filters={filters} onChange={onFiltersChange} />
      </div>
      {isPanelOpen ? (
        <FilterPanel applied={filters} onApply={onFiltersChange} onClose={() => setPanelOpen(false)} />
      ) : null}
    </div>
  );
}
