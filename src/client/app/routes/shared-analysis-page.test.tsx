import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SharedAnalysisPage } from './shared-analysis-page.tsx';

// A shared analysis that found nothing says so, instead of going straight from its header to the comments;
// a watched one shows its latest re-run under "What changed" (issue 33).

function json(data: unknown) {
  return new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: string | URL) => {
    const url = input.toString();
    if (url.endsWith('/api/shared/analyses/7'))
      return json({
        searchId: 7,
        query: 'zxqv blorf',
        timestamp: '2026-11-27T02:00:00.000Z',
        isOwner: false,
        canEdit: false,
        canComment: true,
        canShare: false,
        opportunities: [],
        whatChanged: null,
      });
    if (url.endsWith('/api/shared/analyses/8'))
      return json({
        searchId: 8,
        query: 'software for law firms',
        timestamp: '2026-11-27T02:00:00.000Z',
        isOwner: false,
        canEdit: false,
        canComment: true,
        canShare: false,
        opportunities: [],
        whatChanged: {
          id: 3,
          kind: 'rerun',
          corpusVersion: 'full-new',
          ranAt: '2026-11-20T10:00:00.000Z',
          changes: 2,
          diff: {
            entered: [{ name: 'Cranston AI', batch: 'Fall 2025', status: 'Active' }],
            left: [],
            statusChanges: [{ name: 'Atrium', from: 'Active', to: 'Inactive' }],
            appeared: [],
            vanished: [],
            scoreMoves: [],
            statusChange: null,
          },
        },
      });
    if (url.includes('/comments')) return json({ items: [] });
    return new Response(JSON.stringify({ success: false, error: { code: 'NOT_FOUND', message: url } }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(url: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/shared/analyses/:id" element={<SharedAnalysisPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('shared analysis page', () => {
  it('says when the analysis found no opportunities, and shows no "What changed" for an analysis not re-run', async () => {
    renderAt('/shared/analyses/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'zxqv blorf' })).toBeInTheDocument();
    expect(screen.getByText(/This analysis found no opportunities in the data/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'What changed' })).toBeNull();
  });

  it('shows a watched analysis’s latest re-run under "What changed", in the analysis page’s words', async () => {
    renderAt('/shared/analyses/8');
    const section = await screen.findByRole('region', { name: 'What changed' });
    expect(within(section).getByRole('heading', { name: 'Entered the market' })).toBeInTheDocument();
    expect(within(section).getByText('Cranston AI (Fall 2025), Active')).toBeInTheDocument();
    expect(within(section).getByText('Atrium: Active → Inactive')).toBeInTheDocument();
    expect(within(section).queryByText(/Nothing changed/)).toBeNull();
  });
});
