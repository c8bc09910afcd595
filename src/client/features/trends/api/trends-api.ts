import { queryOptions } from '@tanstack/react-query';
import { trendingSchema } from '#shared/trends/trends.schemas.ts';
import { getData } from '#client/lib/api-client.ts';
import { sharedQueryRoots } from '#client/lib/query-keys.ts';

// A search changes what is trending, so the searches feature refreshes the root too.
export const trendsKeys = { all: sharedQueryRoots.trends };

export function trendingQueryOptions() {
  return queryOptions({ queryKey: trendsKeys.all, queryFn: () => getData('/api/trending', trendingSchema) });
}
