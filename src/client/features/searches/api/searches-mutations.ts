import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedResponseSchema, favoriteResponseSchema, savedResponseSchema } from '#shared/searches/search.schemas.ts';
import { deleteData, patchData } from '#client/lib/api-client.ts';
import { sharedQueryRoots } from '#client/lib/query-keys.ts';
import { searchesKeys } from './searches-api.ts';

// Writes of the searches feature; each refreshes every 'searches' query afterwards, and projects
// (which list analyses by name).

function useSearchesMutation<V>(write: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: searchesKeys.all });
      await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.projects });
    },
  });
}

export function useSetSaved() {
  return useSearchesMutation(({ id, isSaved }: { id: number; isSaved: boolean }) =>
    patchData(`/api/search-results/${id}/save`, { isSaved }, savedResponseSchema),
  );
}

export function useSetFavorite() {
  return useSearchesMutation(({ id, isFavorite }: { id: number; isFavorite: boolean }) =>
    patchData(`/api/searches/${id}/favorite`, { isFavorite }, favoriteResponseSchema),
  );
}

export function useDeleteSearch() {
  return useSearchesMutation((id: number) => deleteData(`/api/searches/${id}`, deletedResponseSchema));
}
