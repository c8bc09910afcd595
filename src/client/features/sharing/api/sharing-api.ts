import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  sharedAnalysisSchema,
  shareLinkListSchema,
  shareLinkSchema,
  type ShareLinkExpiry,
} from '#shared/sharing/sharing.schemas.ts';
import { deleteData, getData, postData } from '#client/lib/api-client.ts';

// The sharing feature's queries and writes; keys start with 'sharing'.

export const sharingKeys = {
  all: ['sharing'] as const,
  links: (searchId: number) => ['sharing', 'links', searchId] as const,
  shared: (token: string) => ['sharing', 'shared', token] as const,
};

export function shareLinksQueryOptions(searchId: number) {
  return queryOptions({
    queryKey: sharingKeys.links(searchId),
    queryFn: () => getData(`/api/searches/${searchId}/share-links`, shareLinkListSchema),
    // Views happen elsewhere: each opening of the dialog shows the current counts.
    staleTime: 0,
  });
}

/** A shared analysis (public). Each fetch counts a view, so it is not refetched while the page is open. */
export function sharedAnalysisQueryOptions(token: string) {
  return queryOptions({
    queryKey: sharingKeys.shared(token),
    queryFn: () => getData(`/api/share/${encodeURIComponent(token)}`, sharedAnalysisSchema),
    staleTime: Infinity,
  });
}

export function useCreateShareLink(searchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresIn: ShareLinkExpiry) =>
      postData(`/api/searches/${searchId}/share-links`, { expiresIn }, shareLinkSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingKeys.links(searchId) }),
  });
}

export function useRevokeShareLink(searchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteData(`/api/share-links/${id}`, shareLinkSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingKeys.links(searchId) }),
  });
}
