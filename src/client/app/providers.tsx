import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { queryClient } from '#client/lib/query-client.ts';
import { watchSystemTheme } from '#client/lib/theme-store.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  useEffect(() => watchSystemTheme(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>{children}</BrowserRouter>
    </QueryClientProvider>
  );
}
