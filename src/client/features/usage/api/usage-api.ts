import { queryOptions } from '@tanstack/react-query';
import { usageSchema } from '#shared/usage/usage.schemas.ts';
import { getData } from '#client/lib/api-client.ts';
import { sharedQueryRoots } from '#client/lib/query-keys.ts';

export const usageKeys = { all: sharedQueryRoots.usage };

/** This month's searches and the plan's limit; anything that runs a search invalidates sharedQueryRoots.usage. */
export function usageQueryOptions() {
  return queryOptions({ queryKey: usageKeys.all, queryFn: () => getData('/api/user/usage', usageSchema) });
}
