import { QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_TIME_MS } from '#shared/app/app.constants.ts';

// docs/product/constants.md: data stays fresh 5 minutes, no retries, no refetch on window focus.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
