import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '#client/config/paths.ts';
import { useAuthStore, type AuthStatus } from '#client/lib/auth-store.ts';
import { createQueryClient } from '#client/lib/query-client.ts';
import { alwaysRoutes, routesFor } from './route-table.ts';
import { RoutesForStatus } from './router.tsx';

// The route sets of docs/product/screens.md, copied verbatim.
const SPEC_SIGNED_IN = [
  '/',
  '/search/:id',
  '/search-result/:id',
  '/saved',
  '/history',
  '/trending',
  '/bookmarks',
  '/contributions',
  '/resources',
  '/resources/:id',
  '/subscribe',
  '/free-trial',
  '/validate-idea',
  '/action-plan',
  '/market-research',
  '/market-trends',
  '/analytics',
  '/documentation',
  '/teams',
  '/teams/:id',
  '/shared',
  '/shared/analyses/:id',
  '/shared/ideas/:id',
  '/pricing',
  '/account',
  '/profile-edit',
  '/change-password',
  '/profile',
  '/subscription/success',
  '/about',
  '/help',
  '/privacy',
  '/terms',
];
const SPEC_SIGNED_OUT = [
  '/',
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/forgot-password',
  '/reset-password',
  '/pricing',
  '/about',
  '/help',
  '/privacy',
  '/terms',
];
// '/auth/confirm-email': the registration e-mail's link (docs/decisions/034).
const SPEC_ALWAYS = ['/share/:token', '/teams/join', '/unsubscribe', '/auth/confirm-email'];
// Other navigation targets: later issues give these pages (and pages under them).
const SPEC_OTHER_TARGETS = [
  paths.billing.path,
  paths.contact.path,
  paths.upgrade.path,
  paths.admin.path,
  paths.apiReference.path,
];

function pathsFor(status: AuthStatus): string[] {
  return routesFor(status).map((route) => route.path);
}

describe('route sets by sign-in state (docs/product/screens.md)', () => {
  it('offers every documented path of each set, plus the always-available share view', () => {
    expect(alwaysRoutes.map((route) => route.path)).toEqual(SPEC_ALWAYS);
    expect(pathsFor('signed-in')).toEqual(expect.arrayContaining([...SPEC_SIGNED_IN, ...SPEC_ALWAYS]));
    expect(pathsFor('signed-out')).toEqual(expect.arrayContaining([...SPEC_SIGNED_OUT, ...SPEC_ALWAYS]));
  });

  it('offers nothing beyond the documented lists and its other navigation targets (and pages under them)', () => {
    const allowedIn = new Set([...SPEC_SIGNED_IN, ...SPEC_ALWAYS]);
    const allowedOut = new Set([...SPEC_SIGNED_OUT, ...SPEC_ALWAYS]);
    const isOtherTarget = (path: string) =>
      SPEC_OTHER_TARGETS.some((target) => path === target || path.startsWith(`${target}/`));
    expect(pathsFor('signed-in').filter((path) => !allowedIn.has(path) && !isOtherTarget(path))).toEqual([]);
    expect(pathsFor('signed-out').filter((path) => !allowedOut.has(path) && !isOtherTarget(path))).toEqual([]);
  });

  it("keeps each set's own pages out of the other set", () => {
    const signedInOnly = SPEC_SIGNED_IN.filter((path) => !SPEC_SIGNED_OUT.includes(path));
    const signedOutOnly = SPEC_SIGNED_OUT.filter((path) => !SPEC_SIGNED_IN.includes(path));
    expect(pathsFor('signed-out').filter((path) => signedInOnly.includes(path))).toEqual([]);
    expect(pathsFor('signed-in').filter((path) => signedOutOnly.includes(path))).toEqual([]);
  });

  it('lists each path once per set', () => {
    for (const status of ['signed-in', 'signed-out'] as const) {
      expect(new Set(pathsFor(status)).size).toBe(pathsFor(status).length);
    }
  });

  it('offers no page while the sign-in state is unknown', () => {
    expect(pathsFor('unknown')).toEqual([]);
  });
});

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

function renderAt(path: string, status: AuthStatus) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={<p>Loading page</p>}>
          <RoutesForStatus status={status} />
        </Suspense>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RoutesForStatus', () => {
  it('shows a spinner while the sign-in state is being determined', () => {
    renderAt('/', 'unknown');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
  });

  it('shows the landing page at / when signed out', async () => {
    renderAt('/', 'signed-out');
    expect(await screen.findByRole('heading', { level: 1, name: "Discover What's Still Unbuilt" })).toBeInTheDocument();
  });

  it('shows an information page in both states', async () => {
    for (const status of ['signed-in', 'signed-out'] as const) {
      const { unmount } = renderAt('/privacy', status);
      expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
      unmount();
    }
  });

  it('waits for the start-up session check before sending a signed-in page to sign-in (issue 29)', () => {
    // Signed out with no remembered user, the refresh cookie not yet tried: it may still sign the tab in.
    useAuthStore.setState({ isSessionChecked: false });
    renderAt('/search/12', 'signed-out');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(screen.getByTestId('location').textContent).toBe('/search/12');
  });

  it('sends a signed-in page opened signed out to sign-in, to come back after it (issue 29)', async () => {
    useAuthStore.setState({ isSessionChecked: true });
    renderAt('/resources?q=pricing', 'signed-out');
    expect(await screen.findByRole('heading', { level: 1, name: /sign in|welcome back/i })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Page not found' })).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/auth/login?redirectTo=%2Fresources%3Fq%3Dpricing');
  });

  it('sends a signed-in page home, not to sign-in, after the user signs out in this tab', () => {
    useAuthStore.setState({ isSessionChecked: true, hasSignedOut: true });
    renderAt('/account', 'signed-out');
    expect(screen.getByTestId('location').textContent).toBe('/');
    useAuthStore.setState({ hasSignedOut: false });
  });

  it('shows the not-found page for a signed-out page when signed in, without the hint', async () => {
    renderAt('/auth/login', 'signed-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('This page is only available after you sign in.')).not.toBeInTheDocument();
  });

  it('shows the not-found page for any other path', async () => {
    renderAt('/definitely/not/a/page', 'signed-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
