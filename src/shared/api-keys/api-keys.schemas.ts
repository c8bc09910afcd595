import { z } from 'zod';

// Enterprise API keys (docs/decisions/016) and the v1 API's own request shapes.

export const API_KEY_SCOPES = ['read', 'search', 'export'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** Keys one account may hold (revoked ones excluded). */
export const MAX_ACTIVE_API_KEYS = 20;
/** Requests per key per minute on /api/v1. */
export const API_KEY_REQUESTS_PER_MINUTE = 60;
export const IDEMPOTENCY_WINDOW_HOURS = 24;

export const apiKeyCreateSchema = z.strictObject({
  name: z
    .string({ message: 'Key name is required' })
    .trim()
    .min(1, 'Key name is required')
    .max(100, 'Key name must be 100 characters or less'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { message: 'Unknown scope' }))
    .min(1, 'Choose at least one scope')
    .max(API_KEY_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, { message: 'Scopes must not repeat' }),
  /** Days until the key stops working; null = no expiry. */
  expiresInDays: z
    .union([z.literal(30), z.literal(90), z.literal(365), z.null()], {
      message: 'Choose 30, 90 or 365 days, or no expiry',
    })
    .default(90),
});

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Usable now: not revoked, not expired (the account's plan is checked on each request). */
  active: z.boolean(),
});
export type ApiKeyDto = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
/** The key itself is in this answer only, once. */
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, key: z.string() });

/** GET /api/v1/searches: cursor pagination. */
export const v1SearchListQuerySchema = z.object({
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const v1SearchListItemSchema = z.object({
  id: z.number().int(),
  query: z.string(),
  timestamp: z.string(),
  resultsCount: z.number().int(),
  status: z.string(),
});
export const v1SearchListSchema = z.object({
  items: z.array(v1SearchListItemSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
