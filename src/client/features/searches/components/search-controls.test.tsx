import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultFilters, type SearchFilters } from '#shared/searches/filters.schemas.ts';
import { sortAndFilterResults } from '../result-sorting.ts';
import { SearchBar } from './search-bar.tsx';
import { fakeOpportunityDto } from '../test/result-fixtures.ts';

// jsdom has no layout: Radix's slider measures itself with ResizeObserver, which jsdom lacks.
class NoLayoutResizeObserver {
  observe = () => undefined;
  unobserve = () => undefined;
  disconnect = () => undefined;
}
beforeAll(() => {
  globalThis.ResizeObserver ??= NoLayoutResizeObserver;
});

const RECENT_WINDOW = { from: '2021-09-26', to: '2023-11-21' };

function Harness({ onSearch, isLoading = false }: { onSearch: (q: string) => void; isLoading?: boolean }) {
  const [filters, setFilters] = useState<SearchFilters>(defaultFilters);
  return (
    <>
      <SearchBar
        filters={filters}
        recentWindow={RECENT_WINDOW}
        onFiltersChange={setFilters}
        onSearch={onSearch}
        isLoading={isLoading}
      />
      <output data-testid="applied">{JSON.stringify(filters)}</output>
    </>
  );
}

const applied = (): SearchFilters => JSON.parse(screen.getByTestId('applied').textContent ?? '{}') as SearchFilters;

describe('search bar and filter panel (docs/product/screens.md, validation.md)', () => {
  it('runs a trimmed search on Enter, ignores a blank one, and disables Search while loading', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Harness onSearch={onSearch} />);
    const field = screen.getByRole('searchbox');
    expect(field).toHaveAttribute('data-search-input');
    await user.type(field, '   {Enter}');
    expect(onSearch).not.toHaveBeenCalled();
    await user.type(field, 'vet clinics{Enter}');
    expect(onSearch).toHaveBeenCalledWith('   vet clinics');
    rerender(<Harness onSearch={onSearch} isLoading />);
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  });

  it('opens with categories and scores expanded, date and keywords collapsed', async () => {
    const user = userEvent.setup();
    render(<Harness onSearch={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const expanded = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-expanded');
    expect([expanded('Categories'), expanded('Scores'), expanded('Date range'), expanded('Keywords')]).toEqual([
      'true',
      'true',
      'false',
      'false',
    ]);
  });

  it('adds keywords on Enter (trimmed, no empties or duplicates), removes on click, and Apply pushes and closes', async () => {
    const user = userEvent.setup();
    render(<Harness onSearch={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('button', { name: 'Keywords' }));
    const input = screen.getByLabelText('Add a keyword (press Enter)');
    for (const k of ['  saas ', '   ', 'saas', 'b2b']) await user.type(input, `${k}{Enter}`);
    const list = screen.getByRole('list', { name: 'Keywords' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['saas (remove)×', 'b2b (remove)×']);
    await user.click(within(list).getByRole('button', { name: /b2b/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Healthcare' }));
    expect(applied().keywords).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(applied()).toMatchObject({ keywords: ['saas'], categories: ['healthcare'] });
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters (2 active)' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Active filters' })).getAllByRole('button')).toHaveLength(3);
  });

  it('applies a preset, removes a chip, clears all, and Reset restores the defaults', async () => {
    const user = userEvent.setup();
    render(<Harness onSearch={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('button', { name: 'Large Markets' }));
    await user.click(screen.getByRole('checkbox', { name: 'Travel' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(applied()).toMatchObject({ marketSize: [80, 100], sortBy: 'marketSize', categories: ['travel'] });
    await user.click(screen.getByRole('button', { name: /Market size 80–100/ }));
    expect(applied().marketSize).toEqual([0, 100]);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(applied()).toEqual({ ...defaultFilters(), sortBy: 'marketSize' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(applied()).toEqual(defaultFilters());
  });

  it("Trending Now filters to the corpus's newest evidence window and the chip shows its dates", async () => {
    const user = userEvent.setup();
    render(<Harness onSearch={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByText(/companies dated 2021-09-26 to 2023-11-21/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Trending Now' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(applied()).toMatchObject({ dateRange: RECENT_WINDOW, sortBy: 'date' });
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(within(chips).getByRole('button', { name: /Evidence dated 2021-09-26 to 2023-11-21/ })).toBeInTheDocument();
  });

  it('closes the filter panel with Escape from anywhere and gives focus back to the Filters button', async () => {
    const user = userEvent.setup();
    render(<Harness onSearch={vi.fn()} />);
    const toggle = screen.getByRole('button', { name: 'Filters' });
    await user.click(toggle);
    await user.click(screen.getByRole('checkbox', { name: 'Travel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Filters' })).toBeNull();
    expect(toggle).toHaveFocus();
    // The draft was not applied.
    expect(applied().categories).toEqual([]);
  });

  it('slider thumbs move in steps of 5 within 0–100', async () => {
    const user = userEvent.setup();
    render(<Harness onSearch={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const min = screen.getByRole('slider', { name: 'Feasibility minimum' });
    expect(min).toHaveAttribute('aria-valuemin', '0');
    expect(min).toHaveAttribute('aria-valuemax', '100');
    min.focus();
    await user.keyboard('{ArrowRight}');
    expect(min).toHaveAttribute('aria-valuenow', '5');
  });
});

const BY_RELEVANCE = { sortBy: 'relevance' } as const;

describe('sorting and filtering within results', () => {
  const results = [
    fakeOpportunityDto(1, { innovationScore: 60, category: 'finance' }),
    fakeOpportunityDto(2, { innovationScore: 90 }),
    fakeOpportunityDto(3, { innovationScore: 75, isSaved: true }),
  ];
  it('sorts by a score, filters by category, minimum score and saved', () => {
    expect(
      sortAndFilterResults(
        results,
        { sort: 'innovationScore', category: '', minScore: 0, savedOnly: false },
        BY_RELEVANCE,
      ).map((r) => r.rank),
    ).toEqual([2, 3, 1]);
    expect(
      sortAndFilterResults(
        results,
        { sort: 'rank', category: 'finance', minScore: 0, savedOnly: false },
        BY_RELEVANCE,
      ).map((r) => r.rank),
    ).toEqual([1]);
    expect(
      sortAndFilterResults(results, { sort: 'rank', category: '', minScore: 0, savedOnly: true }, BY_RELEVANCE).map(
        (r) => r.rank,
      ),
    ).toEqual([3]);
    expect(
      sortAndFilterResults(results, { sort: 'rank', category: '', minScore: 41, savedOnly: false }, BY_RELEVANCE).map(
        (r) => r.rank,
      ),
    ).toEqual([]);
  });
});
