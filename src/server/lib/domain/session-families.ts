import { and, eq, gt, ne } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { jwtTokens } from '../../db/schema/index.ts';

// Sign-in sessions are refresh-token families (features/auth/refresh-token.service.ts). Ending
// them is shared: sign-out and theft detection (auth), "sign out my other sessions" (account).

export type RevokeReason =
  'rotated' | 'logout' | 'reuse' | 'password_change' | 'password_reset' | 'signed_out_elsewhere' | 'disabled_by_admin';

export async function revokeFamily(options: {
  db: Database;
  familyId: string;
  reason: RevokeReason;
  now: Date;
}): Promise<void> {
  const { db, familyId, reason, now } = options;
  await db
    .update(jwtTokens)
    .set({ isRevoked: true, revokedAt: now, revokedBy: reason })
    .where(and(eq(jwtTokens.familyId, familyId), eq(jwtTokens.isRevoked, false)));
}

/** Revokes every live family of a user except `keepFamilyId` (the caller's own session). */
export async function revokeUserFamilies(options: {
  db: Database | Tx;
  userId: number;
  reason: RevokeReason;
  now: Date;
  keepFamilyId?: string | null;
}): Promise<number> {
  const { db, userId, reason, now, keepFamilyId } = options;
  const rows = await db
    .update(jwtTokens)
    .set({ isRevoked: true, revokedAt: now, revokedBy: reason })
    .where(
      and(
        eq(jwtTokens.userId, userId),
        eq(jwtTokens.isRevoked, false),
        keepFamilyId ? ne(jwtTokens.familyId, keepFamilyId) : undefined,
      ),
    )
    .returning({ familyId: jwtTokens.familyId });
  return new Set(rows.map((r) => r.familyId)).size;
}

/** True while the family has a live member. One indexed lookup (partial index on live members). */
export async function isFamilyLive(options: { db: Database; familyId: string; now: Date }): Promise<boolean> {
  const { db, familyId, now } = options;
  const [row] = await db
    .select({ id: jwtTokens.id })
    .from(jwtTokens)
    .where(and(eq(jwtTokens.familyId, familyId), eq(jwtTokens.isRevoked, false), gt(jwtTokens.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}
