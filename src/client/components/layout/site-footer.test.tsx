import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './site-footer.tsx';

// The footer loads its "Demo payments" notice lazily (the billing API and zod stay out of the landing
// page's first load): the notice still appears whenever the installation says so. fetch is the boundary.

afterEach(() => vi.unstubAllGlobals());

function renderFooter(demoBanner: boolean) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    calls.push(String(input));
    const data = { provider: 'demo', enterpriseCheckout: false, checkoutAvailable: true, demoBanner };
    return new Response(JSON.stringify({ success: true, data }), { status: 200 });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

describe('site footer', () => {
  it('shows the demo payments notice when the installation runs demo payments on purpose', async () => {
    renderFooter(true);
    // The first lazy import transforms the billing API and zod under vitest: allow for it.
    expect(await screen.findByRole('note', undefined, { timeout: 15_000 })).toHaveTextContent('Demo payments.');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('shows no notice otherwise, after asking', async () => {
    const calls = renderFooter(false);
    await vi.waitFor(() => expect(calls).toEqual(['/api/billing/config']), { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('note')).toBeNull();
  });
});
