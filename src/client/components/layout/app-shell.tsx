import { lazy, Suspense, type ReactNode } from 'react';
import { ClientOnly } from '#client/components/ui/client-only.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { lazyWithQueries } from '#client/lib/lazy-with-queries.tsx';
import type { AuthStatus } from '#client/lib/auth-store.ts';
import { GlobalShortcuts } from './global-shortcuts.tsx';
import { Logo } from './logo.tsx';
import { SignedOutHeader } from './signed-out-header.tsx';
import { SiteFooter } from './site-footer.tsx';

// Signed-in only, and it brings Radix menus: kept out of the landing page's initial JavaScript.
const SignedInHeader = lazyWithQueries(async () => (await import('./signed-in-header.tsx')).SignedInHeader);
const Toaster = lazy(async () => ({ default: (await import('#client/components/ui/toaster.tsx')).Toaster }));

export const MAIN_CONTENT_ID = 'main-content';

// While the sign-in state is unknown, neither header's links would be true yet.
function BareHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95">
      <div className="mx-auto flex max-w-6xl items-center px-4 py-2">
        <Logo />
      </div>
    </header>
  );
}

/** Mounted for everyone (docs/product/screens.md): skip link, header for the sign-in state, shortcuts, toasts. */
export function AppShell({ status, children }: { status: AuthStatus; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-md bg-primary px-4 py-3 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      {status === 'signed-in' ? (
        <Suspense fallback={<BareHeader />}>
          <SignedInHeader />
        </Suspense>
      ) : status === 'signed-out' ? (
        <SignedOutHeader />
      ) : (
        <BareHeader />
      )}
      {/* Page and footer appear together: a footer drawn first and pushed down by the page when its
          code arrives would be a layout shift on every first visit. */}
      <Suspense fallback={<PageSpinner />}>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        <SiteFooter />
      </Suspense>
      <GlobalShortcuts />
      <ClientOnly>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </ClientOnly>
    </div>
  );
}
