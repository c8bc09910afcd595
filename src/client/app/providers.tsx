import { useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { watchSystemTheme } from '#client/lib/theme-store.ts';

export type RouterComponent = ComponentType<{ children: ReactNode }>;

// No QueryClientProvider here: the query client loads with the first lazy component that reads it
// (lib/lazy-with-queries.tsx), so it is not part of the landing page's first load. The router is the
// browser's, except when the landing page is rendered to HTML at build time (a static router at /).
export function AppProviders({ children, Router = BrowserRouter }: { children: ReactNode; Router?: RouterComponent }) {
  useEffect(() => watchSystemTheme(), []);
  return <Router>{children}</Router>;
}
