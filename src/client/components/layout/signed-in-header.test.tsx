import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '#shared/auth/user.schemas.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { SignedInHeader } from './signed-in-header.tsx';

// fetch is the boundary: the header's preference sync asks the API, which has nothing stored.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', message: 'x' }), { status: 404 }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const base = {
  id: 1,
  email: 'grace.hopper@example.test',
  name: null,
  firstName: null,
  plan: 'free',
  isPaid: false,
} as PublicUser;

function renderHeader(user: PublicUser) {
  useAuthStore.getState().setSession({ user, accessToken: 't' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SignedInHeader />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('signed-in header (docs/product/screens.md)', () => {
  it('shows the main nav, Upgrade, and the e-mail prefix for a free user without a name', async () => {
    renderHeader(base);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Discover', '/'],
      ['Validate', '/validate-idea'],
      ['Trends', '/market-trends'],
      ['Analytics', '/analytics'],
    ]);
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscribe');
    const menuButton = screen.getByRole('button', { name: 'Account menu for grace.hopper' });
    expect(menuButton).not.toHaveTextContent('PRO');
    await userEvent.click(menuButton);
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual([
      'Saved',
      'History',
      'Market Research',
      'Trending Now',
      'Teams',
      'Shared with me',
      'Settings',
      'Upgrade to Pro',
      'Help & Support',
      'Sign out',
    ]);
  });

  it('shows the name, the plan badge (the real plan) and Billing for a paid plan, and no Upgrade button', async () => {
    renderHeader({ ...base, name: 'Grace Hopper', plan: 'enterprise', isPaid: true });
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
    const menuButton = screen.getByRole('button', { name: 'Account menu for Grace Hopper' });
    expect(menuButton).toHaveTextContent('ENTERPRISE');
    expect(menuButton).not.toHaveTextContent(/\bPRO\b/);
    await userEvent.click(menuButton);
    expect(await screen.findByRole('menuitem', { name: 'Billing' })).toHaveAttribute('href', '/billing');
    expect(screen.queryByRole('menuitem', { name: 'Upgrade to Pro' })).toBeNull();
  });

  it('offers History and Saved in the mobile menu', async () => {
    renderHeader(base);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(
      within(mobile)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Discover', 'Validate', 'Trends', 'Analytics', 'History', 'Saved', 'Upgrade']);
  });

  it('closes the mobile menu on Escape and returns focus to its toggle', async () => {
    renderHeader(base);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    within(mobile).getByRole('link', { name: 'Saved' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});
