import { StrictMode, useEffect } from 'react';
import { RouteErrorBoundary } from '#client/components/errors/route-error-boundary.tsx';
import { AppProviders, type RouterComponent } from './providers.tsx';
import { AppRoutes } from './router.tsx';

/** Calls `onReady` once the first render is on the page (hydrated or rendered). */
function ReadySignal({ onReady }: { onReady?: () => void }) {
  useEffect(() => onReady?.(), [onReady]);
  return null;
}

/**
 * The whole app. The browser renders it (app/start-app.tsx), and the build renders the same tree to HTML
 * for / (landing/render-landing.tsx), so the pre-rendered landing page hydrates without a mismatch.
 */
export function AppRoot({ Router, onReady }: { Router?: RouterComponent; onReady?: () => void }) {
  return (
    <StrictMode>
      {/* Last resort for a failure outside any page (header, providers); pages have their own. */}
      <RouteErrorBoundary>
        <AppProviders Router={Router}>
          <AppRoutes />
        </AppProviders>
      </RouteErrorBoundary>
      <ReadySignal onReady={onReady} />
    </StrictMode>
  );
}
