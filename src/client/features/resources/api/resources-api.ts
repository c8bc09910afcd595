import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accessResultSchema,
  bookmarkPageSchema,
  bookmarkRemovedSchema,
  bookmarkSchema,
  categoryListSchema,
  contributionPageSchema,
  contributionSchema,
  helpfulVoteResultSchema,
  ratingResultSchema,
  recommendationsSchema,
  resourceDetailSchema,
  resourcePageSchema,
  type ContributionReview,
  type ResourceSearchQuery,
} from '#shared/resources/resources.schemas.ts';
import { deleteData, getData, postData, requestEnvelope } from '#client/lib/api-client.ts';

// /api/resources, /api/bookmarks, /api/contributions and the admin review queue; keys start with 'resources'.

export const resourcesKeys = {
  all: ['resources'] as const,
  search: (query: ResourceSearchQuery) => ['resources', 'search', query] as const,
  one: (id: number) => ['resources', 'one', id] as const,
  categories: ['resources', 'categories'] as const,
  bookmarks: (tag: string | null) => ['resources', 'bookmarks', tag] as const,
  contributions: ['resources', 'contributions'] as const,
  queue: ['resources', 'review-queue'] as const,
  recommendations: (searchId: number) => ['resources', 'recommendations', searchId] as const,
  taskRecommendations: (taskId: number) => ['resources', 'recommendations', 'task', taskId] as const,
};

function toQueryString(query: ResourceSearchQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries<unknown>(query)) {
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else if (typeof value === 'string' || typeof value === 'number') {
      if (value !== '') params.set(key, String(value));
    }
  }
  return params.toString();
}

export function resourceSearchQueryOptions(query: ResourceSearchQuery) {
  return queryOptions({
    queryKey: resourcesKeys.search(query),
    queryFn: () => getData(`/api/resources?${toQueryString(query)}`, resourcePageSchema),
    placeholderData: keepPreviousData,
  });
}

export function resourceQueryOptions(id: number) {
  return queryOptions({
    queryKey: resourcesKeys.one(id),
    queryFn: () => getData(`/api/resources/${id}`, resourceDetailSchema),
  });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: resourcesKeys.categories,
    queryFn: () => getData('/api/resources/categories', categoryListSchema),
    staleTime: Infinity,
  });
}

export function bookmarksQueryOptions(tag: string | null) {
  return queryOptions({
    queryKey: resourcesKeys.bookmarks(tag),
    queryFn: () => getData(`/api/bookmarks${tag ? `?tag=${encodeURIComponent(tag)}` : ''}`, bookmarkPageSchema),
  });
}

export function contributionsQueryOptions() {
  return queryOptions({
    queryKey: resourcesKeys.contributions,
    queryFn: () => getData('/api/contributions', contributionPageSchema),
  });
}

export function reviewQueueQueryOptions() {
  return queryOptions({
    queryKey: resourcesKeys.queue,
    queryFn: () => getData('/api/admin/contributions?status=pending', contributionPageSchema),
  });
}

export function recommendationsQueryOptions(searchId: number) {
  return queryOptions({
    queryKey: resourcesKeys.recommendations(searchId),
    queryFn: () => getData(`/api/resources/recommendations?searchId=${searchId}`, recommendationsSchema),
  });
}

export function taskRecommendationsQueryOptions(taskId: number) {
  return queryOptions({
    queryKey: resourcesKeys.taskRecommendations(taskId),
    queryFn: () => getData(`/api/resources/recommendations?taskId=${taskId}`, recommendationsSchema),
  });
}

function useResourcesMutation<V, R>(write: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourcesKeys.all }),
  });
}

export function useSaveBookmark() {
  return useResourcesMutation(({ id, notes, customTags }: { id: number; notes: string; customTags: string[] }) =>
    requestEnvelope(`/api/resources/${id}/bookmark`, bookmarkSchema, {
      method: 'PUT',
      body: { notes, customTags },
    }).then((r) => r.data),
  );
}

export function useRemoveBookmark() {
  return useResourcesMutation((id: number) => deleteData(`/api/resources/${id}/bookmark`, bookmarkRemovedSchema));
}

export function useRateResource() {
  return useResourcesMutation(({ id, rating, review }: { id: number; rating: number; review: string }) =>
    requestEnvelope(`/api/resources/${id}/rating`, ratingResultSchema, {
      method: 'PUT',
      body: { rating, review },
    }).then((r) => r.data),
  );
}

export function useVoteHelpful() {
  return useResourcesMutation((reviewId: number) =>
    postData(`/api/resources/reviews/${reviewId}/helpful`, {}, helpfulVoteResultSchema),
  );
}

export function useSuggestResource() {
  return useResourcesMutation(
    (input: {
      title: string;
      description: string;
      url: string;
      suggestedCategoryId?: number | undefined;
      suggestedTags: string[];
    }) => postData('/api/contributions', input, contributionSchema),
  );
}

export function useReviewContribution() {
  return useResourcesMutation(({ id, review }: { id: number; review: ContributionReview }) =>
    postData(`/api/admin/contributions/${id}/review`, review, contributionSchema),
  );
}

/** Records a view or an outbound click; failures are ignored (analytics never blocks reading). */
export function recordAccess(id: number, accessType: 'view' | 'external_link', analysisId?: number): void {
  void postData(
    `/api/resources/${id}/access`,
    { accessType, ...(analysisId ? { analysisId } : {}) },
    accessResultSchema,
  ).catch(() => undefined);
}
