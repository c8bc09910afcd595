import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  analyticsDashboardSchema,
  analyticsEventsDeletedSchema,
  analyticsEventsSummarySchema,
  comparisonSchema,
  driftSchema,
} from '#shared/analytics/analytics.schemas.ts';
import { searchListPageSchema } from '#shared/searches/search.schemas.ts';
import { deleteData, downloadFile, getData } from '#client/lib/api-client.ts';
import { saveBlob } from '#client/lib/save-blob.ts';

// /api/analytics calls (paths documented in the server's analytics.routes.ts).

export const analyticsKeys = {
  all: ['analytics'] as const,
  dashboard: () => ['analytics', 'dashboard'] as const,
  events: () => ['analytics', 'events'] as const,
  recentAnalyses: () => ['analytics', 'recent-analyses'] as const,
  compare: (ids: number[]) => ['analytics', 'compare', ids] as const,
  drift: (searchId: number | null) => ['analytics', 'drift', searchId] as const,
};

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: analyticsKeys.dashboard(),
    queryFn: () => getData('/api/analytics', analyticsDashboardSchema),
  });
}

export function eventsSummaryQueryOptions() {
  return queryOptions({
    queryKey: analyticsKeys.events(),
    queryFn: () => getData('/api/analytics/events', analyticsEventsSummarySchema),
  });
}

/** The analyses a comparison or drift reading can pick from: the user's latest searches. */
export function recentAnalysesQueryOptions() {
  return queryOptions({
    queryKey: analyticsKeys.recentAnalyses(),
    queryFn: () => getData('/api/searches?pageSize=50', searchListPageSchema),
  });
}

export function comparisonQueryOptions(ids: number[]) {
  return queryOptions({
    queryKey: analyticsKeys.compare(ids),
    queryFn: () => getData(`/api/analytics/compare?ids=${ids.join(',')}`, comparisonSchema),
    enabled: ids.length >= 2,
  });
}

export function driftQueryOptions(searchId: number | null) {
  return queryOptions({
    queryKey: analyticsKeys.drift(searchId),
    queryFn: () => getData(`/api/analytics/drift?searchId=${searchId ?? 0}`, driftSchema),
    enabled: searchId !== null,
  });
}

export function useDeleteMyAnalytics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteData('/api/analytics/events', analyticsEventsDeletedSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.events() }),
  });
}

/** Downloads the analytics numbers as a CSV file (Pro and Enterprise). */
export async function downloadAnalyticsCsv(): Promise<void> {
  const file = await downloadFile('/api/analytics/export.csv');
  saveBlob(file.blob, file.fileName);
}
