import { queryOptions } from '@tanstack/react-query';
import { usageSchema } from '#shared/usage/usage.schemas.ts';
import { getData } from '#client/lib/api-client.ts';

/** This month's searches and the plan's limit; anything that runs a search invalidates ['usage']. */
export function usageQueryOptions() {
  return queryOptions({ queryKey: ['usage'], queryFn: () => getData('/api/user/usage', usageSchema) });
}
