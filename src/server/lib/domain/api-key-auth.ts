import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ApiKeyScope } from '#shared/api-keys/api-keys.schemas.ts';
import type { Database } from '../../db/client.ts';
import { apiKeys, users, type ApiKeyRow, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../platform/app-error.ts';
import { assertPlan } from '../http/plan-guard.ts';

// Reading an Enterprise API key (docs/decisions/016): only its SHA-256 is stored (a key has full
// entropy, so a slow hash adds nothing). A key works only while it is not revoked or expired and
// its owner's plan includes API access, read on each request.

export const API_KEY_PREFIX = 'ub_live_';

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

const invalidKey = () => new AppError('UNAUTHENTICATED', 'The API key is missing, wrong, revoked or expired.');

/** The key's row and owner, or 401/403: the one check every /api/v1 request passes. */
export async function authenticateApiKey(options: {
  db: Database;
  key: string;
  scope: ApiKeyScope;
  now: Date;
}): Promise<{ apiKey: ApiKeyRow; user: UserRow }> {
  const { db, key, scope, now } = options;
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) throw invalidKey();
  const [found] = await db
    .select({ apiKey: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, hashApiKey(key)));
  if (!found || found.apiKey.revokedAt || (found.apiKey.expiresAt && found.apiKey.expiresAt <= now)) throw invalidKey();
  if (!found.user.isActive) throw invalidKey();
  // A downgrade disables every key at once: the plan is read from the owner's row on each request.
  assertPlan(found.user, now, 'apiAccess', 'API access needs the Enterprise plan. This key stops working below it.');
  if (!found.apiKey.scopes.includes(scope)) {
    throw new AppError('FORBIDDEN', `This key does not have the "${scope}" scope.`);
  }
  // Last use, at most once a minute per key (a write on every request would be the hot path's cost).
  if (!found.apiKey.lastUsedAt || now.getTime() - found.apiKey.lastUsedAt.getTime() > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, found.apiKey.id));
  }
  return found;
}
