import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS, SECOND_MS } from '#shared/app/time.constants.ts';
import type { Database } from '../../db/client.ts';
import { jwtTokens, users, type JwtTokenRow, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import type { RequestMeta } from '../../lib/http/request-meta.ts';
import { raiseAlert, writeAudit } from '../../lib/domain/security-audit.ts';
import { isFamilyLive, revokeFamily } from '../../lib/domain/session-families.ts';

// Opaque refresh tokens: 32 random bytes, stored only as SHA-256, rotated on every use. A token that
// was already rotated and comes back after the grace window is a stolen copy (or a stale tab long
// after the fact): the whole family is revoked and an alert raised.

export const REFRESH_TOKEN_TTL_MS = 30 * DAY_MS;
/** Two tabs refreshing at the same moment both present the same token; the later one is not theft. */
export const REFRESH_GRACE_MS = 30 * SECOND_MS;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

type Deps = { db: Database; meta: RequestMeta };

/** Creates a family member (a new family when familyId is absent) and returns the raw token once. */
export async function issueRefreshToken(
  options: Deps & { userId: number; now: Date; familyId?: string },
): Promise<{ token: string; familyId: string; expiresAt: Date }> {
  const { db, meta, userId, now } = options;
  const token = newOpaqueToken();
  const familyId = options.familyId ?? randomUUID();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
  await db.insert(jwtTokens).values({
    id: randomUUID(),
    userId,
    familyId,
    tokenHash: hashToken(token),
    issuedAt: now,
    expiresAt,
    deviceInfo: meta.userAgent,
    ipAddress: meta.ip,
  });
  return { token, familyId, expiresAt };
}

type RefreshOutcome = { user: UserRow; familyId: string; newToken: { token: string; expiresAt: Date } | null };

const sessionEnded = () => new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');

/**
 * Rotates a refresh token. Exactly one concurrent caller wins the conditional UPDATE and gets the
 * successor; a loser inside the grace window gets an access token only (its cookie is already
 * replaced by the winner's response), and after the window the family is revoked.
 */
export async function rotateRefreshToken(
  options: Deps & { log: FastifyBaseLogger; token: string; now: Date },
): Promise<RefreshOutcome> {
  const { db, meta, token, now } = options;
  const [row] = await db
    .select()
    .from(jwtTokens)
    .where(eq(jwtTokens.tokenHash, hashToken(token)));
  if (!row || row.expiresAt.getTime() <= now.getTime()) throw sessionEnded();
  const user = await activeUser(db, row.userId);

  if (!row.isRevoked) {
    // Rotation and its successor commit together: a concurrent caller that loses the conditional
    // UPDATE waits for this transaction, then finds the family live (not a reuse to punish).
    const next = await db.transaction(async (tx) => {
      const [won] = await tx
        .update(jwtTokens)
        .set({ isRevoked: true, revokedAt: now, revokedBy: 'rotated' })
        .where(and(eq(jwtTokens.id, row.id), eq(jwtTokens.isRevoked, false)))
        .returning({ id: jwtTokens.id });
      return won ? issueRefreshToken({ db: tx, meta, userId: row.userId, now, familyId: row.familyId }) : null;
    });
    if (next) {
      await writeAudit({
        db,
        meta,
        event: {
          eventType: 'token_refresh',
          success: true,
          userId: user.id,
          userEmail: user.email,
          sessionId: row.familyId,
        },
      });
      return { user, familyId: row.familyId, newToken: { token: next.token, expiresAt: next.expiresAt } };
    }
    const [current] = await db.select().from(jwtTokens).where(eq(jwtTokens.id, row.id));
    return handleSuperseded({ ...options, row: current ?? row, user });
  }
  return handleSuperseded({ ...options, row, user });
}

async function handleSuperseded(
  options: Deps & { log: FastifyBaseLogger; now: Date; row: JwtTokenRow; user: UserRow },
): Promise<RefreshOutcome> {
  const { db, meta, log, now, row, user } = options;
  if (row.revokedBy !== 'rotated') throw sessionEnded();
  const rotatedAt = row.revokedAt?.getTime() ?? 0;
  if (now.getTime() - rotatedAt <= REFRESH_GRACE_MS && (await isFamilyLive({ db, familyId: row.familyId, now }))) {
    return { user, familyId: row.familyId, newToken: null };
  }
  await revokeFamily({ db, familyId: row.familyId, reason: 'reuse', now });
  await writeAudit({
    db,
    meta,
    event: {
      eventType: 'refresh_reuse',
      success: false,
      userId: user.id,
      userEmail: user.email,
      sessionId: row.familyId,
      severity: 'high',
      errorMessage: 'A rotated refresh token was presented again; the session family was revoked.',
    },
  });
  await raiseAlert({
    db,
    meta,
    log,
    alert: {
      alertType: 'refresh_token_reuse',
      severity: 'high',
      userId: user.id,
      description: 'A refresh token was used after it had been rotated. All tokens of that session were revoked.',
      details: { familyId: row.familyId, rotatedAt: row.revokedAt?.toISOString() ?? null },
    },
  });
  throw sessionEnded();
}

async function activeUser(db: Database, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.isActive) throw sessionEnded();
  return user;
}

/** The family of a refresh token, if it exists (logout). */
export async function familyOfToken(options: {
  db: Database;
  token: string;
}): Promise<{ familyId: string; userId: number } | null> {
  const [row] = await options.db
    .select({ familyId: jwtTokens.familyId, userId: jwtTokens.userId })
    .from(jwtTokens)
    .where(eq(jwtTokens.tokenHash, hashToken(options.token)));
  return row ?? null;
}
