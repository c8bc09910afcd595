import { Suspense, useEffect } from 'react';
import { matchPath, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { paths } from '#client/config/paths.ts';
import { RouteErrorBoundary } from '#client/components/errors/route-error-boundary.tsx';
import { AppShell } from '#client/components/layout/app-shell.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { ChatLauncher } from '#client/features/chat/components/chat-launcher.tsx';
import { bootstrapSession } from '#client/features/auth/api/session-bootstrap.ts';
import { useAuthStore, type AuthStatus } from '#client/lib/auth-store.ts';
import { lazyWithQueries } from '#client/lib/lazy-with-queries.tsx';
import { routesFor, signedInRoutes, type AppRoute } from './route-table.ts';
import { NotFoundPage } from './routes/not-found-page.tsx';

// Signed-in only (docs/product/screens.md mounts it for everyone signed in); its own chunk, so the
// landing page's JavaScript does not grow.
const OnboardingTour = lazyWithQueries(
  async () => (await import('#client/features/onboarding/components/onboarding-tour.tsx')).OnboardingTour,
);

const ChatUpgrade = lazyWithQueries(async () => (await import('./chat-upgrade.tsx')).ChatUpgrade);

function renderChatUpgrade() {
  return (
    <Suspense fallback={null}>
      <ChatUpgrade />
    </Suspense>
  );
}

function toRouteObject({ path, Page }: AppRoute): RouteObject {
  return {
    path,
    element: (
      // The Suspense boundary for the lazy page is in AppShell, around the page and the footer.
      <RouteErrorBoundary key={path}>
        <Page />
      </RouteErrorBoundary>
    ),
  };
}

/**
 * A path nothing matches for this sign-in state. A signed-in page opened signed out (a bookmark, a link in an
 * e-mail: /resources, /history…) goes to sign-in and comes back after it (issue 29: it showed a 404). Only
 * once the start-up refresh has answered: before that "signed out" may be a tab whose refresh cookie is about
 * to sign it in, and redirecting then bounced signed-in users to sign-in (the first attempt, reverted).
 */
function NotFoundRoute({ status }: { status: AuthStatus }) {
  const { pathname, search, hash } = useLocation();
  const isSessionChecked = useAuthStore((state) => state.isSessionChecked);
  const hasSignedOut = useAuthStore((state) => state.hasSignedOut);
  const isSignInRequired = status === 'signed-out' && signedInRoutes.some((route) => matchPath(route.path, pathname));
  if (isSignInRequired && !isSessionChecked) return <PageSpinner label="Checking your session" />;
  // Signing out on a signed-in page lands on home (docs: "Sign out navigates to /"), not on sign-in: the
  // menu's own navigation to / may still be loading its page when the session clears.
  if (isSignInRequired && hasSignedOut) return <Navigate replace to={paths.home.href()} />;
  if (isSignInRequired) return <Navigate replace to={paths.login.href(`${pathname}${search}${hash}`)} />;
  return <NotFoundPage />;
}

/** Renders the pages for a given sign-in state (exported for tests, which pick the state). */
export function RoutesForStatus({ status }: { status: AuthStatus }) {
  const { pathname } = useLocation();
  const mustChangePassword = useAuthStore(
    (state) => state.status === 'signed-in' && state.user?.mustChangePassword === true,
  );
  const element = useRoutes([
    ...routesFor(status).map(toRouteObject),
    { path: '*', element: <NotFoundRoute status={status} /> },
  ]);
  if (status === 'unknown') return <PageSpinner label="Checking your session" />;
  // An admin or the password-expiry rule asked for a new password: change-password before anything
  // else (the server refuses every other call with PASSWORD_CHANGE_REQUIRED too).
  if (mustChangePassword && pathname !== paths.changePassword.path) {
    return <Navigate replace to={paths.changePassword.href()} />;
  }
  return element;
}

export function AppRoutes() {
  const status = useAuthStore((state) => state.status);

  useEffect(() => {
    void bootstrapSession();
  }, []);

  return (
    <AppShell status={status}>
      <RoutesForStatus status={status} />
      {status === 'unknown' ? null : (
        <ChatLauncher isSignedIn={status === 'signed-in'} renderUpgrade={renderChatUpgrade} />
      )}
      {status === 'signed-in' ? (
        <Suspense fallback={null}>
          <OnboardingTour />
        </Suspense>
      ) : null}
    </AppShell>
  );
}
