import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ideaDeletedSchema,
  ideaPageSchema,
  ideaPrefillSchema,
  ideaSchema,
  type HypothesisUpdate,
  type IdeaCreate,
  type IdeaDto,
  type IdeaUpdate,
} from '#shared/ideas/ideas.schemas.ts';
import type { CustomerChoice } from '#shared/ideas/idea-customer.ts';
import { deleteData, getData, patchData, postData, requestEnvelope } from '#client/lib/api-client.ts';

// /api/ideas: queries and writes; keys start with 'ideas'.

const ideasKeys = {
  all: ['ideas'] as const,
  list: () => ['ideas', 'list'] as const,
  one: (id: number) => ['ideas', 'one', id] as const,
  prefill: (resultId: number) => ['ideas', 'prefill', resultId] as const,
};

export function ideasQueryOptions() {
  return queryOptions({
    queryKey: ideasKeys.list(),
    queryFn: () => getData('/api/ideas?pageSize=100', ideaPageSchema),
  });
}

export function ideaQueryOptions(id: number) {
  return queryOptions({ queryKey: ideasKeys.one(id), queryFn: () => getData(`/api/ideas/${id}`, ideaSchema) });
}

export function prefillQueryOptions(resultId: number) {
  return queryOptions({
    queryKey: ideasKeys.prefill(resultId),
    queryFn: () => getData(`/api/ideas/prefill/${resultId}`, ideaPrefillSchema),
  });
}

function useIdeasMutation<V>(write: (variables: V) => Promise<IdeaDto | { id: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (data) => {
      if ('title' in data) queryClient.setQueryData(ideasKeys.one(data.id), data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ideasKeys.list() }),
  });
}

export function useCreateIdea() {
  return useIdeasMutation((input: IdeaCreate) => postData('/api/ideas', input, ideaSchema));
}

export function useUpdateIdea() {
  return useIdeasMutation(({ id, ...input }: IdeaUpdate & { id: number }) =>
    patchData(`/api/ideas/${id}`, input, ideaSchema),
  );
}

export function useValidateIdea() {
  return useIdeasMutation((id: number) => postData(`/api/ideas/${id}/validate`, undefined, ideaSchema));
}

/** Choose the idea's customer; the server validates the idea again with it. */
export function useChooseCustomer() {
  return useIdeasMutation(
    async ({ id, customer }: { id: number; customer: CustomerChoice }) =>
      (await requestEnvelope(`/api/ideas/${id}/customer`, ideaSchema, { method: 'PUT', body: { customer } })).data,
  );
}

export function useArchiveIdea() {
  return useIdeasMutation(({ id, archived }: { id: number; archived: boolean }) =>
    postData(`/api/ideas/${id}/${archived ? 'archive' : 'unarchive'}`, undefined, ideaSchema),
  );
}

export function useDeleteIdea() {
  return useIdeasMutation((id: number) => deleteData(`/api/ideas/${id}`, ideaDeletedSchema));
}

export function useUpdateHypothesis() {
  return useIdeasMutation(({ id, ...input }: HypothesisUpdate & { id: number }) =>
    patchData(`/api/ideas/hypotheses/${id}`, input, ideaSchema),
  );
}
