import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { UPGRADE_PROMPT_DISMISS_MS } from '#shared/plans/plans.constants.ts';
import { defaultFilters, type SearchFilters } from '#shared/searches/filters.schemas.ts';
import { sortAndFilterResults } from './results-view.tsx';
import { SearchBar } from './search-bar.tsx';
import { UPGRADE_REASONS, UpgradePrompt, dismissKey, type UpgradeReason } from './upgrade-prompt.tsx';
import { usageState } from './usage-card.tsx';
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

function Harness({ onSearch, isLoading = false }: { onSearch: (q: string) => void; isLoading?: boolean }) {
  const [filters, setFilters] = useState<SearchFilters>(defaultFilters);
  return (
    <>
      <SearchBar filters={filters} onFiltersChange={setFilters} onSearch={onSearch} isLoading={isLoading} />
      <output data-testid="applied">{JSON.stringify(filters)}</output>
    </>
  );
}

const applied = (): SearchFilters => JSON.parse(screen.getByTestId('applied').textContent ?? '{}') as SearchFilters;

describe('search bar and filter panel (spec §2, §5)', () => {
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

describe('usage card states (spec §4)', () => {
  it.each([
    [0, 'normal'],
    [2, 'normal'],
    [3, 'warning'],
    [4, 'warning'],
    [5, 'limit'],
    [7, 'limit'],
  ] as const)('%i of 5 → %s', (used, state) => {
    expect(usageState({ searchesUsed: used, searchesLimit: 5 })).toBe(state);
  });
  it('is always normal when unlimited', () => {
    expect(usageState({ searchesUsed: 500, searchesLimit: null })).toBe('normal');
  });
});

describe('upgrade prompt (spec §4)', () => {
  const renderPrompt = (reason: UpgradeReason, plan: 'free' | 'pro' = 'free') =>
    render(
      <MemoryRouter>
        <UpgradePrompt reason={reason} plan={plan} onViewPlans={vi.fn()} />
      </MemoryRouter>,
    );

  it.each(Object.entries(UPGRADE_REASONS) as [UpgradeReason, string][])(
    'shows %s as %j for free users only',
    (reason, text) => {
      const { unmount } = renderPrompt(reason);
      expect(screen.getByText(text)).toBeInTheDocument();
      unmount();
      renderPrompt(reason, 'pro');
      expect(screen.queryByText(text)).toBeNull();
    },
  );

  it('hides a dismissed reason for 24 hours, per reason, then removes the stored value and shows again', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPrompt('search-limit');
    await user.click(screen.getByRole('button', { name: 'Maybe Later' }));
    expect(screen.queryByText(UPGRADE_REASONS['search-limit'])).toBeNull();
    const stored = Number(localStorage.getItem(dismissKey('search-limit')));
    expect(stored).toBeGreaterThan(0);
    unmount();
    renderPrompt('collaboration');
    expect(screen.getByText(UPGRADE_REASONS.collaboration)).toBeInTheDocument();

    localStorage.setItem(dismissKey('search-limit'), String(Date.now() - UPGRADE_PROMPT_DISMISS_MS + 60_000));
    const again = renderPrompt('search-limit');
    expect(screen.queryByText(UPGRADE_REASONS['search-limit'])).toBeNull();
    again.unmount();
    localStorage.setItem(dismissKey('search-limit'), String(Date.now() - UPGRADE_PROMPT_DISMISS_MS - 1));
    renderPrompt('search-limit');
    expect(screen.getByText(UPGRADE_REASONS['search-limit'])).toBeInTheDocument();
    expect(localStorage.getItem(dismissKey('search-limit'))).toBeNull();
  });
});

describe('sorting and filtering within results', () => {
  const results = [
    fakeOpportunityDto(1, { innovationScore: 60, category: 'finance' }),
    fakeOpportunityDto(2, { innovationScore: 90 }),
    fakeOpportunityDto(3, { innovationScore: 75, isSaved: true }),
  ];
  it('sorts by a score, filters by category, minimum score and saved', () => {
    expect(
      sortAndFilterResults(results, { sort: 'innovationScore', category: '', minScore: 0, savedOnly: false }).map(
        (r) => r.rank,
      ),
    ).toEqual([2, 3, 1]);
    expect(
      sortAndFilterResults(results, { sort: 'rank', category: 'finance', minScore: 0, savedOnly: false }).map(
        (r) => r.rank,
      ),
    ).toEqual([1]);
    expect(
      sortAndFilterResults(results, { sort: 'rank', category: '', minScore: 0, savedOnly: true }).map((r) => r.rank),
    ).toEqual([3]);
    expect(
      sortAndFilterResults(results, { sort: 'rank', category: '', minScore: 41, savedOnly: false }).map((r) => r.rank),
    ).toEqual([]);
  });
});
