import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccessBody } from '#shared/api/errors.ts';
import type { AccountPreferences, AccountPreferencesUpdate } from '#shared/account/preferences.schemas.ts';
import { api } from '#client/lib/api-client.ts';

// /api/account calls (paths documented in the server's account.routes.ts).

export function preferencesQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'preferences'],
    queryFn: async () => (await api.get<ApiSuccessBody<AccountPreferences>>('/api/account/preferences')).data,
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

/** Saves a change; the controls show it at once and roll back if the server refuses it. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = preferencesQueryOptions();
  return useMutation({
    mutationFn: async (patch: AccountPreferencesUpdate) =>
      (await api.patch<ApiSuccessBody<AccountPreferences>>('/api/account/preferences', patch)).data,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, mergePreferences(previous, patch));
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (data) => queryClient.setQueryData(queryKey, data),
  });
}

export function useRevokeOtherSessions() {
  return useMutation({
    mutationFn: async () => (await api.post<ApiSuccessBody<{ revokedSessions: number }>>('/api/account/sessions/revoke-others', {})).data,
  });
}
