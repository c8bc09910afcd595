import { useEffect, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { watchSystemTheme } from '#client/lib/theme-store.ts';

// No QueryClientProvider here: the query client loads with the first lazy component that reads it
// (lib/lazy-with-queries.tsx), so it is not part of the landing page's first load.
export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => watchSystemTheme(), []);
  return <BrowserRouter>{children}</BrowserRouter>;
}
