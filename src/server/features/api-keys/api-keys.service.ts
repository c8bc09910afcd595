import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { MAX_ACTIVE_API_KEYS, type ApiKeyDto, type ApiKeyScope } from '#shared/api-keys/api-keys.schemas.ts';
import type { Database } from '../../db/client.ts';
import { apiKeys, users, type ApiKeyRow, type UserRow } from '../../db/schema/index.ts';
import { API_KEY_PREFIX, hashApiKey } from '../../lib/domain/api-key-auth.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';

// Key lifecycle (docs/decisions/016): 32 random bytes, shown once; only the SHA-256 is stored (a
// key has full entropy, so a slow hash adds nothing), with a prefix for the list. A key works only
// while it is not revoked or expired and its owner's plan includes API access, read on each request.

function toDto(row: ApiKeyRow, now: Date): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    active: row.revokedAt === null && (row.expiresAt === null || row.expiresAt > now),
  };
}

export async function createApiKey(options: {
  db: Database;
  user: UserRow;
  now: Date;
  input: { name: string; scopes: ApiKeyScope[]; expiresInDays: number | null };
}): Promise<{ apiKey: ApiKeyDto; key: string }> {
  const { db, user, now, input } = options;
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    // The user row is the lock: the cap holds under concurrent creates.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [held] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)));
    if (Number(held?.n ?? 0) >= MAX_ACTIVE_API_KEYS) {
      throw new AppError('CONFLICT', `You can have at most ${String(MAX_ACTIVE_API_KEYS)} keys. Revoke one first.`);
    }
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        userId: user.id,
        name: input.name,
        prefix: key.slice(0, API_KEY_PREFIX.length + 8),
        keyHash: hashApiKey(key),
        scopes: input.scopes,
        expiresAt: input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
        createdAt: now,
      })
      .returning();
    return inserted!;
  });
  return { apiKey: toDto(row, now), key };
}

export async function listApiKeys(options: { db: Database; userId: number; now: Date }): Promise<ApiKeyDto[]> {
  const rows = await options.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, options.userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => toDto(row, options.now));
}

export async function revokeApiKey(options: {
  db: Database;
  userId: number;
  id: number;
  now: Date;
}): Promise<ApiKeyDto> {
  const { db, userId, id, now } = options;
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning();
  if (!row) throw notFound('The API key');
  return toDto(row, now);
}
