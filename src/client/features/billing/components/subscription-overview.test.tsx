import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionView } from '#shared/billing/billing.schemas.ts';
import { fakeApi } from '#client/test/fake-api.ts';
import { testUser } from '#client/test/test-user.ts';
import { SubscriptionOverview } from './subscription-overview.tsx';

// Issue 29: renewal wording follows the subscription's state. A demo subscription runs one period and
// never renews (its checkout and the status line say so), so resuming one must not say it will renew.

const toast = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('#client/lib/toast.ts', () => ({ toast }));

const view = (provider: 'demo' | 'stripe', cancelAtPeriodEnd: boolean): SubscriptionView => ({
  provider,
  plan: 'pro',
  subscription: { tier: 'pro', status: 'active', currentPeriodEnd: '2026-12-27T00:00:00.000Z', cancelAtPeriodEnd },
  trialExpiration: null,
  canManageInPortal: false,
  history: [],
});

async function resume(provider: 'demo' | 'stripe'): Promise<string> {
  toast.mockClear();
  fakeApi({
    'GET /api/billing/config': () => [200, { provider, checkoutAvailable: true, enterpriseCheckout: false }],
    'GET /api/billing/subscription': () => [200, view(provider, true)],
    'POST /api/billing/subscription/resume': () => [200, view(provider, false)],
    'GET /api/billing/invoices': () => [200, { invoices: [] }],
    'GET /api/auth/profile': () => [200, testUser('pro')],
  });
  const { unmount } = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <SubscriptionOverview />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Resume subscription' }));
  await vi.waitFor(() => expect(toast).toHaveBeenCalled());
  unmount();
  const [options] = toast.mock.calls[0] as unknown as [{ title: string; description?: string }];
  return options.description ? `${options.title}: ${options.description}` : options.title;
}

describe('resuming a cancelled subscription (issue 29)', () => {
  it('says a demo plan stays active to its end and does not renew', async () => {
    const title = await resume('demo');
    expect(title).not.toMatch(/will renew/);
    expect(title).toBe('Your plan stays active until December 27, 2026 (demo: it does not renew)');
  });

  it('says a paid subscription will renew', async () => {
    expect(await resume('stripe')).toBe('Your subscription will renew');
  });
});
