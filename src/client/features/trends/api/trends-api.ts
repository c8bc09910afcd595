import { queryOptions } from '@tanstack/react-query';
import { trendingSchema } from '#shared/trends/trends.schemas.ts';
import { getData } from '#client/lib/api-client.ts';

export function trendingQueryOptions() {
  return queryOptions({ queryKey: ['trends'], queryFn: () => getData('/api/trending', trendingSchema) });
}
