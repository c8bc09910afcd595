import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { RouteErrorBoundary } from './components/errors/route-error-boundary.tsx';
import { AppRoutes } from './app/router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    {/* Last resort for a failure outside any page (header, providers); pages have their own. */}
    <RouteErrorBoundary>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </RouteErrorBoundary>
  </StrictMode>,
);
