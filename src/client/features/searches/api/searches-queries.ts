import { queryOptions } from '@tanstack/react-query';
import type { ApiSuccessBody } from '#shared/api/errors.ts';
import type {
  ProjectDto,
  SearchDetail,
  SearchListPage,
  SearchListQuery,
  SearchResultWithSearch,
  TrendingDto,
  UsageDto,
} from '#shared/searches/search.schemas.ts';
import { RECENT_SEARCHES_SHOWN } from '#shared/plans/plans.constants.ts';
import { api } from '#client/lib/api-client.ts';

// Every query of the searches feature; keys start with 'searches' so one invalidation refreshes all.

async function data<T>(promise: Promise<ApiSuccessBody<T>>): Promise<T> {
  return (await promise).data;
}

function listPath(params: SearchListQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `/api/searches?${qs}` : '/api/searches';
}

export const searchesKeys = {
  all: ['searches'] as const,
  usage: () => ['searches', 'usage'] as const,
  list: (params: SearchListQuery) => ['searches', 'list', params] as const,
  detail: (id: number) => ['searches', 'detail', id] as const,
  result: (id: number) => ['searches', 'result', id] as const,
  saved: () => ['searches', 'saved'] as const,
  projects: () => ['searches', 'projects'] as const,
  trending: () => ['searches', 'trending'] as const,
};

export function usageQueryOptions() {
  return queryOptions({
    queryKey: searchesKeys.usage(),
    queryFn: () => data(api.get<ApiSuccessBody<UsageDto>>('/api/user/usage')),
  });
}

export function searchListQueryOptions(params: SearchListQuery = {}) {
  return queryOptions({
    queryKey: searchesKeys.list(params),
    queryFn: () => data(api.get<ApiSuccessBody<SearchListPage>>(listPath(params))),
  });
}

export function recentSearchesQueryOptions() {
  return searchListQueryOptions({ page: 1, pageSize: RECENT_SEARCHES_SHOWN });
}

export function searchDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: searchesKeys.detail(id),
    queryFn: () => data(api.get<ApiSuccessBody<SearchDetail>>(`/api/searches/${id}`)),
  });
}

export function searchResultQueryOptions(id: number) {
  return queryOptions({
    queryKey: searchesKeys.result(id),
    queryFn: () => data(api.get<ApiSuccessBody<SearchResultWithSearch>>(`/api/search-results/${id}`)),
  });
}

export function savedResultsQueryOptions() {
  return queryOptions({
    queryKey: searchesKeys.saved(),
    queryFn: () => data(api.get<ApiSuccessBody<SearchResultWithSearch[]>>('/api/search-results/saved')),
  });
}

export function projectsQueryOptions() {
  return queryOptions({
    queryKey: searchesKeys.projects(),
    queryFn: () => data(api.get<ApiSuccessBody<ProjectDto[]>>('/api/projects')),
  });
}

export function trendingQueryOptions() {
  return queryOptions({
    queryKey: searchesKeys.trending(),
    queryFn: () => data(api.get<ApiSuccessBody<TrendingDto>>('/api/trending')),
  });
}
