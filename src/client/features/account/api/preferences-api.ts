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

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: AccountPreferencesUpdate) =>
      (await api.patch<ApiSuccessBody<AccountPreferences>>('/api/account/preferences', patch)).data,
    onSuccess: (data) => queryClient.setQueryData(preferencesQueryOptions().queryKey, data),
  });
}

export function useRevokeOtherSessions() {
  return useMutation({
    mutationFn: async () => (await api.post<ApiSuccessBody<{ revokedSessions: number }>>('/api/account/sessions/revoke-others', {})).data,
  });
}
