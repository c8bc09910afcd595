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

const KEYS = ['api-keys'] as const;

export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: KEYS, queryFn: () => getData('/api/api-keys', apiKeyListSchema) });
}

export type NewApiKey = { name: string; scopes: ApiKeyScope[]; expiresInDays: 30 | 90 | 365 | null };

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewApiKey) => postData('/api/api-keys', input, createdApiKeySchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteData(`/api/api-keys/${String(id)}`, apiKeySchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEYS }),
  });
}

export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
