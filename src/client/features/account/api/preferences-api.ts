import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  accountPreferencesSchema,
  type AccountPreferences,
  type AccountPreferencesUpdate,
} from '#shared/account/preferences.schemas.ts';
import { revokedSessionsSchema } from '#shared/account/sessions.schemas.ts';
import { getData, patchData, postData } from '#client/lib/api-client.ts';

// /api/account calls (paths documented in the server's account.routes.ts).

export const accountKeys = {
  all: ['account'] as const,
  preferences: () => ['account', 'preferences'] as const,
};

export function preferencesQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.preferences(),
    queryFn: () => getData('/api/account/preferences', accountPreferencesSchema),
  });
}

export function mergePreferences(current: AccountPreferences, patch: AccountPreferencesUpdate): AccountPreferences {
  return {
    theme: patch.theme ?? current.theme,
    accessibilitySettings: { ...current.accessibilitySettings, ...patch.accessibilitySettings },
    notificationPreferences: { ...current.notificationPreferences, ...patch.notificationPreferences },
    analyticsOptOut: patch.analyticsOptOut ?? current.analyticsOptOut,
  };
}

/**
 * Saves a change. The cached preferences are updated synchronously, inside the input's change event,
 * so a controlled checkbox never flips back while the request runs; a refused change is rolled back.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = preferencesQueryOptions();
  const mutation = useMutation({
    mutationFn: ({ patch }: { patch: AccountPreferencesUpdate; previous: AccountPreferences | undefined }) =>
      patchData('/api/account/preferences', patch, accountPreferencesSchema),
    onError: (_error, { previous }) => {
      if (previous) queryClient.setQueryData(queryKey, previous);
    },
    mutationKey: accountKeys.preferences(),
    onSuccess: (data) => {
      // With several saves in flight, an earlier answer would undo a later optimistic change; only
      // the last one to finish writes the server's view into the cache.
      if (queryClient.isMutating({ mutationKey: accountKeys.preferences() }) <= 1)
        queryClient.setQueryData(queryKey, data);
    },
  });
  const { mutate } = mutation;
  const save = useCallback(
    (patch: AccountPreferencesUpdate, options?: { onError?: () => void }) => {
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, mergePreferences(previous, patch));
      mutate({ patch, previous }, { onError: options?.onError });
    },
    [queryClient, queryKey, mutate],
  );
  return { ...mutation, save };
}

export function useRevokeOtherSessions() {
  return useMutation({
    mutationFn: () => postData('/api/account/sessions/revoke-others', {}, revokedSessionsSchema),
  });
}
