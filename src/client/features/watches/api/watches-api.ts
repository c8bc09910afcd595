import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { watchStateSchema } from '#shared/watches/watches.schemas.ts';
import { deleteData, getData, postData } from '#client/lib/api-client.ts';

// /api/searches/:id/watch (server: features/watches/watches.routes.ts).

export const watchesKeys = {
  all: ['watches'] as const,
  state: (searchId: number) => ['watches', 'state', searchId] as const,
};

export function watchStateQueryOptions(searchId: number) {
  return queryOptions({
    queryKey: watchesKeys.state(searchId),
    queryFn: () => getData(`/api/searches/${searchId}/watch`, watchStateSchema),
  });
}

/** Starts or stops watching; the answer is the new state, and every analysis's count of watches changes. */
export function useSetWatching(searchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watch: boolean) =>
      watch
        ? postData(`/api/searches/${searchId}/watch`, undefined, watchStateSchema)
        : deleteData(`/api/searches/${searchId}/watch`, watchStateSchema),
    onSuccess: (state) => queryClient.setQueryData(watchesKeys.state(searchId), state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchesKeys.all }),
  });
}
