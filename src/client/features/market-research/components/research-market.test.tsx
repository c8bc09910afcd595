import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketReportDto } from '#shared/market-research/market-research.schemas.ts';
import { MarketResearchPage } from '#client/app/routes/market-research-page.tsx';
import { ResearchMarketLink } from './research-market-link.tsx';

// "Research this market" (issue 16): from an analysis to a pre-filled report form that states the
// quota before running, and a report that links back to its analysis. fetch is the boundary.

const REPORT: MarketReportDto = {
  id: 7,
  market: 'scheduling for dental practices',
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'ok',
  corpus: { version: 'fixture-1', kind: 'full' },
  profile: {
    query: {
      text: 'scheduling for dental practices',
      offering: 'scheduling',
      segment: 'dental practices',
      words: [],
      warnings: [],
    },
    industries: [],
    occupations: [],
    startups: {
      companies: 0,
      byYear: [],
      survivors: 0,
      inactive: 0,
      failureTags: [],
      examples: [],
      failedExamples: [],
    },
  },
  opportunities: [],
  opportunitiesNote: null,
  customers: null,
  caveats: [],
  countedAsSearch: true,
  source: { searchId: 12, query: 'scheduling for dental practices' },
};

let posted: unknown[] = [];
const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });

beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/user/usage')) return ok({ searchesUsed: 1, searchesLimit: 5, plan: 'free' });
    if (url.startsWith('/api/market-research') && init?.method === 'POST') {
      posted.push(JSON.parse(init.body as string));
      return ok({ upgradeRequired: false, report: { id: 7 } });
    }
    if (url.startsWith('/api/market-research/7')) return ok(REPORT);
    if (url.startsWith('/api/market-research'))
      return ok({ items: [], page: 1, pageSize: 20, hasMore: false, nextCursor: null });
    return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'x' }), { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string, element: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/market-research" element={<MarketResearchPage />} />
          <Route path="*" element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('research this market', () => {
  it('links from an analysis to the form with its market and id', () => {
    renderAt('/search/12', <ResearchMarketLink searchId={12} market="scheduling for dental practices" />);
    expect(screen.getByRole('link', { name: 'Research this market' })).toHaveAttribute(
      'href',
      '/market-research?market=scheduling+for+dental+practices&from=12',
    );
  });

  it('pre-fills the form, states the quota before running, sends the analysis id and links back from the report', async () => {
    renderAt('/market-research?market=scheduling+for+dental+practices&from=12', null);
    const input = screen.getByLabelText('Market', { exact: true });
    expect(input).toHaveValue('scheduling for dental practices');
    expect(await screen.findByText(/one report uses one search of your monthly quota \(4 of 5 left/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'your analysis' })).toHaveAttribute('href', '/search/12');
    expect(posted).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Run the report' }));
    await vi.waitFor(() => expect(posted).toEqual([{ market: 'scheduling for dental practices', sourceSearchId: 12 }]));
    const report = await screen.findByRole('article', { name: 'Market research: scheduling for dental practices' });
    expect(within(report).getByRole('link', { name: 'scheduling for dental practices' })).toHaveAttribute(
      'href',
      '/search/12',
    );
    expect(screen.queryByRole('link', { name: 'your analysis' })).toBeNull();
  });

  it('refuses a one-letter market with the shared schema’s message before sending, then runs a plain report', async () => {
    renderAt('/market-research', null);
    const input = screen.getByLabelText('Market', { exact: true });
    await userEvent.type(input, ' t ');
    await userEvent.click(screen.getByRole('button', { name: 'Run the report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name a market (at least 2 characters)');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/^Name a market \(at least 2 characters\) .*one report uses one search/);
    expect(posted).toEqual([]);
    await userEvent.clear(input);
    await userEvent.type(input, '  tutoring ');
    await userEvent.click(screen.getByRole('button', { name: 'Run the report' }));
    await vi.waitFor(() => expect(posted).toEqual([{ market: 'tutoring' }]));
  });
});
