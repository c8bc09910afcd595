import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectInput, ProjectUpdate } from '#shared/searches/search.schemas.ts';
import { api } from '#client/lib/api-client.ts';
import { searchesKeys } from './searches-queries.ts';

// Writes of the searches feature; each refreshes every 'searches' query afterwards.

function useSearchesMutation<V>(write: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchesKeys.all }),
  });
}

export function useSetSaved() {
  return useSearchesMutation(({ id, isSaved }: { id: number; isSaved: boolean }) =>
    api.patch(`/api/search-results/${id}/save`, { isSaved }),
  );
}

export function useSetFavorite() {
  return useSearchesMutation(({ id, isFavorite }: { id: number; isFavorite: boolean }) =>
    api.patch(`/api/searches/${id}/favorite`, { isFavorite }),
  );
}

export function useDeleteSearch() {
  return useSearchesMutation((id: number) => api.delete(`/api/searches/${id}`));
}

export function useCreateProject() {
  return useSearchesMutation((input: ProjectInput) => api.post('/api/projects', input));
}

export function useUpdateProject() {
  return useSearchesMutation(({ id, ...input }: ProjectUpdate & { id: number }) =>
    api.patch(`/api/projects/${id}`, input),
  );
}

export function useDeleteProject() {
  return useSearchesMutation((id: number) => api.delete(`/api/projects/${id}`));
}

export function useAddToProject() {
  return useSearchesMutation(({ projectId, searchId }: { projectId: number; searchId: number }) =>
    api.post(`/api/projects/${projectId}/analyses`, { searchId }),
  );
}

export function useRemoveFromProject() {
  return useSearchesMutation(({ projectId, searchId }: { projectId: number; searchId: number }) =>
    api.delete(`/api/projects/${projectId}/analyses/${searchId}`),
  );
}
