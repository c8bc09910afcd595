import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccessBody } from '#shared/api/errors.ts';
import { api } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/features/auth/stores/auth-store.ts';

// The signed-in user's feature flags, evaluated on the server (GET /api/flags). Keyed by user so a
// sign-in as someone else never shows the previous user's flags.

export function flagsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: ['flags', userId] as const,
    queryFn: async () => (await api.get<ApiSuccessBody<{ flags: Record<string, boolean> }>>('/api/flags')).data.flags,
  });
}

/** Whether a flag is on for the current user; false while loading, signed out, or for an unknown flag. */
export function useFeatureFlag(name: string): boolean {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const flags = useQuery({ ...flagsQueryOptions(userId ?? 0), enabled: userId !== null });
  return flags.data?.[name] ?? false;
}
