import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { queryClient } from './query-client.ts';

/**
 * The app's one query client around a lazily loaded component (lib/lazy-with-queries.tsx), unless
 * something above already provides a client (a test's own). Every such provider shares the one client,
 * so its cache and defaults are the app's whichever component asks.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return <>{children}</>;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
