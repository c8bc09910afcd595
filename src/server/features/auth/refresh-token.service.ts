import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { jwtTokens, users, type JwtTokenRow, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isFamilyLive } from '../../lib/auth-guard.ts';
import { raiseAlert, requestFacts, writeAudit } from './security-audit.service.ts';

// Opaque refresh tokens: 32 random bytes, stored only as SHA-256, rotated on every use. A token that
// was already rotated and comes back after the grace window is a stolen copy (or a stale tab long
// after the fact): the whole family is revoked and an alert raised.

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Two tabs refreshing at the same moment both present the same token; the later one is not theft. */
export const REFRESH_GRACE_MS = 30 * 1000;

export type RevokeReason =
  'rotated' | 'logout' | 'reuse' | 'password_change' | 'password_reset' | 'signed_out_elsewhere';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Creates a family member (a new family when familyId is absent) and returns the raw token once. */
export async function issueRefreshToken(
  db: Database,
  request: FastifyRequest,
  options: { userId: number; now: Date; familyId?: string },
): Promise<{ token: string; familyId: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const familyId = options.familyId ?? randomUUID();
  const expiresAt = new Date(options.now.getTime() + REFRESH_TOKEN_TTL_MS);
  const { ipAddress, userAgent } = requestFacts(request);
  await db.insert(jwtTokens).values({
    id: randomUUID(),
    userId: options.userId,
    familyId,
    tokenHash: hashToken(token),
    issuedAt: options.now,
    expiresAt,
    deviceInfo: userAgent,
    ipAddress,
  });
  return { token, familyId, expiresAt };
}

export async function revokeFamily(db: Database, familyId: string, reason: RevokeReason, now: Date): Promise<void> {
  await db
    .update(jwtTokens)
    .set({ isRevoked: true, revokedAt: now, revokedBy: reason })
    .where(and(eq(jwtTokens.familyId, familyId), eq(jwtTokens.isRevoked, false)));
}

/** Revokes every live family of a user except `keepFamilyId` (the caller's own session). */
export async function revokeUserFamilies(
  db: Database,
  userId: number,
  reason: RevokeReason,
  now: Date,
  keepFamilyId?: string | null,
): Promise<number> {
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

export type RefreshOutcome = { user: UserRow; familyId: string; newToken: { token: string; expiresAt: Date } | null };

const sessionEnded = () => new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');

/**
 * Rotates a refresh token. Exactly one concurrent caller wins the conditional UPDATE and gets the
 * successor; a loser inside the grace window gets an access token only (its cookie is already
 * replaced by the winner's response), and after the window the family is revoked.
 */
export async function rotateRefreshToken(
  db: Database,
  request: FastifyRequest,
  token: string,
  now: Date,
): Promise<RefreshOutcome> {
  const [row] = await db
    .select()
    .from(jwtTokens)
    .where(eq(jwtTokens.tokenHash, hashToken(token)));
  if (!row || row.expiresAt.getTime() <= now.getTime()) throw sessionEnded();
  const user = await activeUser(db, row.userId);

  if (!row.isRevoked) {
    const [won] = await db
      .update(jwtTokens)
      .set({ isRevoked: true, revokedAt: now, revokedBy: 'rotated' })
      .where(and(eq(jwtTokens.id, row.id), eq(jwtTokens.isRevoked, false)))
      .returning({ id: jwtTokens.id });
    if (won) {
      const next = await issueRefreshToken(db, request, { userId: row.userId, now, familyId: row.familyId });
      await writeAudit(db, request, {
        eventType: 'token_refresh',
        success: true,
        userId: user.id,
        userEmail: user.email,
        sessionId: row.familyId,
      });
      return { user, familyId: row.familyId, newToken: { token: next.token, expiresAt: next.expiresAt } };
    }
    const [current] = await db.select().from(jwtTokens).where(eq(jwtTokens.id, row.id));
    return handleSuperseded(db, request, current ?? row, user, now);
  }
  return handleSuperseded(db, request, row, user, now);
}

async function handleSuperseded(
  db: Database,
  request: FastifyRequest,
  row: JwtTokenRow,
  user: UserRow,
  now: Date,
): Promise<RefreshOutcome> {
  if (row.revokedBy !== 'rotated') throw sessionEnded();
  const rotatedAt = row.revokedAt?.getTime() ?? 0;
  if (now.getTime() - rotatedAt <= REFRESH_GRACE_MS && (await isFamilyLive(db, row.familyId, now))) {
    return { user, familyId: row.familyId, newToken: null };
  }
  await revokeFamily(db, row.familyId, 'reuse', now);
  await writeAudit(db, request, {
    eventType: 'refresh_reuse',
    success: false,
    userId: user.id,
    userEmail: user.email,
    sessionId: row.familyId,
    severity: 'high',
    errorMessage: 'A rotated refresh token was presented again; the session family was revoked.',
  });
  await raiseAlert(db, request, {
    alertType: 'refresh_token_reuse',
    severity: 'high',
    userId: user.id,
    description: 'A refresh token was used after it had been rotated. All tokens of that session were revoked.',
    details: { familyId: row.familyId, rotatedAt: row.revokedAt?.toISOString() ?? null },
  });
  throw sessionEnded();
}

async function activeUser(db: Database, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.isActive) throw sessionEnded();
  return user;
}

/** The family of a refresh token, if it exists (logout). */
export async function familyOfToken(db: Database, token: string): Promise<{ familyId: string; userId: number } | null> {
  const [row] = await db
    .select({ familyId: jwtTokens.familyId, userId: jwtTokens.userId })
    .from(jwtTokens)
    .where(eq(jwtTokens.tokenHash, hashToken(token)));
  return row ?? null;
}
