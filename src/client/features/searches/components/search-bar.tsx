import { Search, SlidersHorizontal } from 'lucide-react';
import { useRef, useState } from 'react';
import type { EvidenceWindow } from '#shared/searches/filter-options.ts';
import { countActiveFilters, type SearchFilters } from '#shared/searches/filters.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { useEscapeToClose } from '#client/components/ui/overlay-focus.ts';
import { FilterChips } from './filter-chips.tsx';
import { FilterPanel } from './filter-panel.tsx';

const FILTER_PANEL_ID = 'search-filter-panel';

type SearchBarProps = {
  filters: SearchFilters;
  recentWindow: EvidenceWindow | null;
  onFiltersChange: (filters: SearchFilters) => void;
  onSearch: (query: string) => void;
  isLoading: boolean;
  /** A query to start with (the upgrade page sends the one the quota stopped back here). */
  initialQuery?: string;
};

/** docs/product/screens.md: Enter or Search runs; the button is disabled while loading; Ctrl/Cmd+K focuses the field. */
export function SearchBar({
  filters,
  recentWindow,
  onFiltersChange,
  onSearch,
  isLoading,
  initialQuery = '',
}: SearchBarProps) {
  const [query, setQuery] = useState(initialQuery);
  const [isPanelOpen, setPanelOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const closePanel = () => {
    setPanelOpen(false);
    filtersButton.current?.focus();
  };
  useEscapeToClose(isPanelOpen, closePanel);
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
          ref={filtersButton}
          data-tour="filters"
          variant="outline"
          aria-expanded={isPanelOpen}
          aria-controls={isPanelOpen ? FILTER_PANEL_ID : undefined}
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
        <FilterPanel
          id={FILTER_PANEL_ID}
          applied={filters}
          recentWindow={recentWindow}
          onApply={onFiltersChange}
          onClose={closePanel}
        />
      ) : null}
    </div>
  );
}
