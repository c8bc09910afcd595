import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  uiPreferencesSchema,
  type ShortcutAction,
  type UiPreferences,
} from '#shared/preferences/ui-preferences.schemas.ts';
import { getData, patchData } from '#client/lib/api-client.ts';

// /api/preferences/ui: the tour's progress and the keyboard-shortcut bindings; keys start with 'ui-preferences'.

const uiPreferencesKeys = { all: ['ui-preferences'] as const };

export function uiPreferencesQueryOptions() {
  return queryOptions({
    queryKey: uiPreferencesKeys.all,
    queryFn: () => getData('/api/preferences/ui', uiPreferencesSchema),
  });
}

function useUiPreferencesMutation<V>(write: (variables: V) => Promise<UiPreferences>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (data) => queryClient.setQueryData(uiPreferencesKeys.all, data),
  });
}

export function useTourUpdate() {
  return useUiPreferencesMutation((update: { action: 'progress' | 'skip' | 'complete' | 'restart'; step?: number }) =>
    patchData('/api/preferences/ui/tour', update, uiPreferencesSchema),
  );
}

export function useShortcutsUpdate() {
  return useUiPreferencesMutation((bindings: Partial<Record<ShortcutAction, string | null>>) =>
    patchData('/api/preferences/ui/shortcuts', { bindings }, uiPreferencesSchema),
  );
}
