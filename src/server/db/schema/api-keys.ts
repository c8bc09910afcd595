import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';
import { users } from './users.ts';

// Enterprise API keys (docs/decisions/016): stored as a SHA-256 hash with a visible prefix; the key
// itself is shown once, at creation.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The first characters of the key ("ub_live_ab12cd34"), shown in lists so a user can tell keys apart. */
    prefix: text().notNull(),
    keyHash: text().notNull(),
    scopes: text().array().notNull(),
    expiresAt: timestamptz(),
    lastUsedAt: timestamptz(),
    revokedAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_keys_key_hash_idx').on(t.keyHash), index('api_keys_user_idx').on(t.userId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;

// One row per (key, Idempotency-Key): written before the work starts (so a concurrent repeat waits
// for it instead of doing the work again) and completed with the response; kept 24 hours.
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    id: serial().primaryKey(),
    apiKeyId: integer()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text().notNull(),
    /** Method, path and body hash: the same key with a different request is refused, not replayed. */
    requestHash: text().notNull(),
    statusCode: integer(),
    response: jsonb().$type<unknown>(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_idempotency_key_idx').on(t.apiKeyId, t.idempotencyKey)],
);
