import { createRoot, hydrateRoot } from 'react-dom/client';
import { adoptRefresh } from '#client/features/auth/api/refresh-session.ts';
import { PRERENDERED_ATTRIBUTE, type StartApp } from './app-handoff.ts';
import { AppRoot } from './app-root.tsx';
import '../styles.css';

/**
 * Starts the app in #root; resolves once its first render is on the page. Called by main.tsx (every page
 * but /), and on / by the landing page's own small script (landing/landing-entry.ts) when the app is needed.
 */
export const startApp: StartApp = ({ hydrate = false, refresh } = {}) => {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  if (refresh) adoptRefresh(refresh);
  return new Promise((resolve) => {
    const onReady = () => {
      container.removeAttribute(PRERENDERED_ATTRIBUTE);
      resolve();
    };
    if (hydrate) hydrateRoot(container, <AppRoot onReady={onReady} />);
    else createRoot(container).render(<AppRoot onReady={onReady} />);
  });
};
