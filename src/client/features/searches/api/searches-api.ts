import { queryOptions } from '@tanstack/react-query';
import { RECENT_SEARCHES_SHOWN } from '#shared/plans/plans.constants.ts';
import {
  savedResultsPageSchema,
  searchDetailSchema,
  searchListPageSchema,
  searchResultWithSearchSchema,
  type SearchListQuery,
} from '#shared/searches/search.schemas.ts';
import { getData } from '#client/lib/api-client.ts';
import { sharedQueryRoots } from '#client/lib/query-keys.ts';

// Every query of the searches feature; keys start with 'searches' so one invalidation refreshes all.

function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export const searchesKeys = {
  all: sharedQueryRoots.searches,
  list: (params: SearchListQuery) => ['searches', 'list', params] as const,
  detail: (id: number) => ['searches', 'detail', id] as const,
  result: (id: number) => ['searches', 'result', id] as const,
  saved: (page: number) => ['searches', 'saved', page] as const,
};

type ListParams = { page?: number; pageSize?: number; q?: string; from?: string; to?: string; favorites?: 'true' };

export function searchListQueryOptions(params: ListParams = {}) {
  return queryOptions({
    queryKey: searchesKeys.list(params),
    queryFn: () => getData(withQuery('/api/searches', params), searchListPageSchema),
  });
}

export function recentSearchesQueryOptions() {
  return searchListQueryOptions({ page: 1, pageSize: RECENT_SEARCHES_SHOWN });
}

export function searchDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: searchesKeys.detail(id),
    queryFn: () => getData(`/api/searches/${id}`, searchDetailSchema),
  });
}

export function searchResultQueryOptions(id: number) {
  return queryOptions({
    queryKey: searchesKeys.result(id),
    queryFn: () => getData(`/api/search-results/${id}`, searchResultWithSearchSchema),
  });
}

export function savedResultsQueryOptions(page = 1) {
  return queryOptions({
    queryKey: searchesKeys.saved(page),
    queryFn: () => getData(withQuery('/api/search-results/saved', { page }), savedResultsPageSchema),
  });
}
