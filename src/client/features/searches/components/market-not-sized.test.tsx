import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sortAndFilterResults } from '../result-sorting.ts';
import { fakeOpportunityDto } from '../test/result-fixtures.ts';
import { ResultCard } from './result-card.tsx';

// A market whose evidence counts nobody who buys is "not sized" (market size null, issue 28): the card says
// so instead of a number, its breakdown says why, and sorting by size puts it after every sized market.

const WHY =
  'not sized: the evidence counts no people or businesses who buy (a consumer market, or a customer the public data does not name), so no size is claimed';

const unsized = fakeOpportunityDto(2, {
  title: 'Meal kits for home cooks',
  marketSize: null,
  breakdown: {
    ...fakeOpportunityDto(2).breakdown,
    marketSize: { score: null, formula: WHY, factors: [] },
  },
});

describe('a market not sized', () => {
  it('reads "Not sized" on its card, never a number, and its breakdown says why', async () => {
    render(
      <MemoryRouter>
        <ResultCard result={unsized} position={1} onToggleSaved={() => undefined} />
      </MemoryRouter>,
    );
    const size = screen.getByText('Market size').parentElement!;
    expect(within(size).getByText('Not sized')).toBeInTheDocument();
    expect(size.textContent).not.toMatch(/\d/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show evidence and breakdown' }));
    const why = screen.getByText(/Market size: not sized/);
    const reason = why.closest('details')!.textContent ?? '';
    expect(reason).toContain('The evidence counts no people or businesses who buy');
    // The heading says "not sized" once; the reason does not say it again.
    expect(reason.match(/not sized/gi)).toHaveLength(1);
  });

  it('sorts after every sized market, and is judged on its known scores by the minimum-score filter', () => {
    const results = [fakeOpportunityDto(1, { marketSize: 20 }), unsized, fakeOpportunityDto(3, { marketSize: 70 })];
    const bySize = sortAndFilterResults(
      results,
      { sort: 'marketSize', category: '', minScore: 0, savedOnly: false },
      { sortBy: 'relevance' },
    );
    expect(bySize.map((r) => r.rank)).toEqual([3, 1, 2]);
    // Innovation 50 and feasibility 40 are known: a minimum of 40 keeps it, 41 does not.
    const kept = (minScore: number) =>
      sortAndFilterResults(
        [unsized],
        { sort: 'rank', category: '', minScore, savedOnly: false },
        { sortBy: 'relevance' },
      );
    expect(kept(40)).toHaveLength(1);
    expect(kept(41)).toHaveLength(0);
  });
});
