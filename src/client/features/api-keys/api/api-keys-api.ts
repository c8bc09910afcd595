import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  apiKeyListSchema,
  apiKeySchema,
  createdApiKeySchema,
  type ApiKeyScope,
} from '#shared/api-keys/api-keys.schemas.ts';
import { deleteData, getData, postData } from '#client/lib/api-client.ts';

// /api/api-keys calls (server: features/api-keys/api-keys.routes.ts).

export const apiKeysKeys = { all: ['api-keys'] as const };

export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: apiKeysKeys.all, queryFn: () => getData('/api/api-keys', apiKeyListSchema) });
}

export type NewApiKey = { name: string; scopes: ApiKeyScope[]; expiresInDays: 30 | 90 | 365 | null };

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewApiKey) => postData('/api/api-keys', input, createdApiKeySchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteData(`/api/api-keys/${String(id)}`, apiKeySchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKeys.all }),
  });
}

export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
