import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_IDS, PLANS, planPriceLabel } from '#shared/plans/plans.constants.ts';
import { PlanCards } from '#client/components/marketing/plan-cards.tsx';
import { UpgradePage } from '#client/app/routes/upgrade-page.tsx';
import { MarketResearchPage } from '#client/app/routes/market-research-page.tsx';
import { ctaFor } from '#client/app/routes/pricing-page.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { testUser } from '#client/test/test-user.ts';
import { PlanPicker } from './plan-picker.tsx';
import { PlansContent } from './plans-content.tsx';

// Issue 29: the landing page said Enterprise $299 and "API access coming soon", /pricing said "Custom"
// and "Collaboration coming soon", /subscribe said $299, while teams, sharing and the API all worked;
// the upgrade page dropped the typed query, offered no trial and promised a refund on Free.

const withProviders = (ui: ReactNode, url = '/') => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="*" element={ui} />
      </Routes>
    </MemoryRouter>
  </QueryClientProvider>
);

/** Each plan's card as the screen shows it: its price and feature lines. */
function cardText(container: HTMLElement, name: string): string {
  const heading = within(container).getAllByText(name, { selector: 'h3, span' })[0]!;
  return heading.closest('li, label')?.textContent ?? '';
}

afterEach(() => useAuthStore.setState({ user: null }));

describe('plans and prices from one source (issue 29)', () => {
  it('the landing/pricing cards, the plans dialog and /subscribe show the same price and lines', () => {
    fakeApi({
      'GET /api/billing/config': () => [200, { provider: 'demo', checkoutAvailable: true, enterpriseCheckout: true }],
    });
    const screens = [
      render(withProviders(<PlanCards ctaFor={() => ({ label: 'Go', href: '/' })} />)).container,
      render(withProviders(<PlansContent currentPlan="free" />)).container,
      render(withProviders(<PlanPicker initialPlan="pro" />)).container,
    ];
    for (const container of screens) {
      for (const id of PLAN_IDS) {
        if (container === screens[2] && id === 'free') continue;
        const text = cardText(container, PLANS[id].name);
        expect(text, `${id}`).toContain(`${planPriceLabel(PLANS[id])}/month`);
        for (const feature of PLANS[id].features) expect(text).toContain(feature);
      }
      expect(container.textContent).not.toMatch(/Custom/);
    }
    expect(planPriceLabel(PLANS.enterprise)).toBe('$299');
  });

  it('marks "coming soon" only what is not built: teams, sharing, analytics and the API are', () => {
    const { container } = render(withProviders(<PlansContent currentPlan="free" />));
    const soon = [...container.querySelectorAll('li li')].filter((li) => li.textContent?.includes('coming soon'));
    expect(soon.map((li) => li.textContent?.replace('coming soon', '').trim())).toEqual(['White-label options']);
    expect(screen.getByText('Full REST API access').textContent).not.toContain('coming soon');
  });

  it('the upgrade page keeps the typed query, offers the unused trial and promises refunds on paid plans only', () => {
    useAuthStore.setState({ user: testUser('free', { trialUsed: false }) });
    render(withProviders(<UpgradePage />, '/auth/upgrade?q=AI%20phone%20receptionist%20for%20dentists'));
    expect(screen.getByTestId('kept-query').textContent).toContain('“AI phone receptionist for dentists”');
    expect(screen.getByRole('link', { name: 'run it from Discover' }).getAttribute('href')).toBe(
      '/?q=AI%20phone%20receptionist%20for%20dentists',
    );
    expect(screen.getByRole('link', { name: /Start the 7-day free trial/ }).getAttribute('href')).toBe('/free-trial');
    expect(screen.queryByText(/All plans include/)).toBeNull();
    expect(screen.getByText(/Pro and Enterprise include a 14-day money-back guarantee/)).toBeInTheDocument();
  });

  it('keeps the market a research report was stopped on, and leads back to Market research with it', async () => {
    useAuthStore.setState({ user: testUser('free', { trialUsed: false }) });
    fakeApi({
      'GET /api/user/usage': () => [200, { searchesUsed: 5, searchesLimit: 5, plan: 'free' }],
      'GET /api/market-research': () => [200, { items: [], page: 1, pageSize: 20, hasMore: false, nextCursor: null }],
      'POST /api/market-research': () => [200, { upgradeRequired: true, report: null }],
    });
    function Where() {
      const location = useLocation();
      return <p data-testid="where">{location.pathname + location.search}</p>;
    }
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/market-research']}>
          <Routes>
            <Route path="/market-research" element={<MarketResearchPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Market' }), 'dental practices');
    await userEvent.click(screen.getByRole('button', { name: 'Run the report' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/auth/upgrade?market=dental%20practices');
  });

  it('the upgrade page offers the kept market back to Market research, not to Discover', () => {
    useAuthStore.setState({ user: testUser('free', { trialUsed: false }) });
    render(withProviders(<UpgradePage />, '/auth/upgrade?market=dental%20practices'));
    expect(screen.getByTestId('kept-query').textContent).toContain('market research on “dental practices”');
    expect(screen.getByRole('link', { name: 'run it from Market research' }).getAttribute('href')).toBe(
      '/market-research?market=dental+practices',
    );
  });

  it('does not offer a trial already used', () => {
    useAuthStore.setState({ user: testUser('free', { trialUsed: true }) });
    render(withProviders(<UpgradePage />, '/auth/upgrade'));
    expect(screen.queryByRole('link', { name: /free trial/ })).toBeNull();
  });

  it('/pricing leads a paying user to billing for their own plan, not "Upgrade to Pro"', () => {
    expect(ctaFor(true, 'pro')(PLANS.pro)).toEqual({ label: 'Your plan: manage billing', href: '/billing' });
    expect(ctaFor(true, 'free')(PLANS.pro).label).toBe('Upgrade to Pro');
  });
});
