import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SharedAnalysisPage } from './shared-analysis-page.tsx';

// A shared analysis that found nothing says so, instead of going straight from its header to the comments.

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

describe('shared analysis page', () => {
  it('says when the analysis found no opportunities', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/shared/analyses/7']}>
          <Routes>
            <Route path="/shared/analyses/:id" element={<SharedAnalysisPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'zxqv blorf' })).toBeInTheDocument();
    expect(screen.getByText(/This analysis found no opportunities in the data/)).toBeInTheDocument();
  });
});
