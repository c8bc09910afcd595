import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  projectAnalysisLinkSchema,
  projectDeletedSchema,
  projectPageSchema,
  projectSchema,
  type ProjectInput,
  type ProjectUpdate,
} from '#shared/projects/projects.schemas.ts';
import { deleteData, getData, patchData, postData } from '#client/lib/api-client.ts';
import { sharedQueryRoots } from '#client/lib/query-keys.ts';

// /api/projects: queries and writes; keys start with 'projects'.

// A search's writes refresh the root too (projects list analyses by name).
const projectsKeys = {
  all: sharedQueryRoots.projects,
  page: (page: number) => ['projects', 'page', page] as const,
};

export function projectsQueryOptions(page = 1) {
  return queryOptions({
    queryKey: projectsKeys.page(page),
    queryFn: () => getData(`/api/projects?page=${page}`, projectPageSchema),
  });
}

function useProjectsMutation<V>(write: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectsKeys.all }),
  });
}

export function useCreateProject() {
  return useProjectsMutation((input: ProjectInput) => postData('/api/projects', input, projectSchema));
}

export function useUpdateProject() {
  return useProjectsMutation(({ id, ...input }: ProjectUpdate & { id: number }) =>
    patchData(`/api/projects/${id}`, input, projectSchema),
  );
}

export function useDeleteProject() {
  return useProjectsMutation((id: number) => deleteData(`/api/projects/${id}`, projectDeletedSchema));
}

export function useAddToProject() {
  return useProjectsMutation(({ projectId, searchId }: { projectId: number; searchId: number }) =>
    postData(`/api/projects/${projectId}/analyses`, { searchId }, projectAnalysisLinkSchema),
  );
}

export function useRemoveFromProject() {
  return useProjectsMutation(({ projectId, searchId }: { projectId: number; searchId: number }) =>
    deleteData(`/api/projects/${projectId}/analyses/${searchId}`, projectAnalysisLinkSchema),
  );
}
