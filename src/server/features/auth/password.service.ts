import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { passwordStrengthScore } from '#shared/auth/password-strength.ts';
import { passwordHistory, passwordResetTokens, users, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { mailerFor } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/password-hash.ts';
import { assertNotRecentlyUsed, assertPasswordAllowed } from './password-policy.ts';
import { hashToken, newOpaqueToken, revokeUserFamilies } from './refresh-token.service.ts';
import { writeAudit } from './security-audit.service.ts';

// Password reset by e-mail and password change. Both revoke the user's other sessions.

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

/**
 * Creates a reset token and mails the link. Runs after the response is sent (see the route), so a
 * known and an unknown e-mail take the same time to answer.
 */
export async function sendPasswordResetMail(request: FastifyRequest, email: string): Promise<void> {
  const { db, clock, env } = request.server.deps;
  const now = clock.now();
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  await writeAudit(db, request, {
    eventType: 'password_reset_request',
    success: Boolean(user),
    userId: user?.id ?? null,
    userEmail: email,
  });
  if (!user?.isActive || !user.password) return;
  const token = newOpaqueToken();
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  // The token rides in the fragment: browsers never send it to a server, so it cannot reach request
  // logs or a Referer header when the reset page loads.
  const link = new URL(`/reset-password#token=${encodeURIComponent(token)}`, env.PUBLIC_URL).toString();
  await mailerFor(request.server).sendMail({
    to: user.email,
    subject: 'Reset your Unbuilt password',
    text: [
      'Someone asked to reset the password of your Unbuilt account.',
      '',
      `Open this link within 30 minutes to choose a new password: ${link}`,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  });
}

async function storeNewPassword(
  request: FastifyRequest,
  user: UserRow,
  password: string,
  field: string,
): Promise<void> {
  const { db, clock } = request.server.deps;
  assertPasswordAllowed(password, field);
  await assertNotRecentlyUsed(db, user.id, password, field);
  const now = clock.now();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        password: passwordHash,
        lastPasswordChange: now,
        updatedAt: now,
        forcePasswordChange: false,
        passwordStrengthScore: passwordStrengthScore(password, [user.email, user.name ?? '']),
        failedLoginAttempts: 0,
        accountLocked: false,
        lockoutExpires: null,
      })
      .where(eq(users.id, user.id));
    await tx
      .update(passwordHistory)
      .set({ replacedAt: now })
      .where(and(eq(passwordHistory.userId, user.id), isNull(passwordHistory.replacedAt)));
    await tx.insert(passwordHistory).values({ userId: user.id, passwordHash, createdAt: now });
  });
}

export async function resetPassword(
  request: FastifyRequest,
  input: { token: string; password: string },
): Promise<void> {
  const { db, clock } = request.server.deps;
  const now = clock.now();
  const tokenHash = hashToken(input.token);
  const [pending] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  if (!pending) throw new AppError('BAD_REQUEST', INVALID_RESET_LINK, { token: INVALID_RESET_LINK });
  const [user] = await db.select().from(users).where(eq(users.id, pending.userId));
  if (!user?.isActive) throw new AppError('BAD_REQUEST', INVALID_RESET_LINK, { token: INVALID_RESET_LINK });
  // Policy first, so a rejected password does not burn the link; then the one conditional UPDATE
  // that lets exactly one of several concurrent uses through.
  assertPasswordAllowed(input.password, 'password');
  await assertNotRecentlyUsed(db, user.id, input.password, 'password');
  const [claimed] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, pending.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (!claimed) throw new AppError('BAD_REQUEST', INVALID_RESET_LINK, { token: INVALID_RESET_LINK });
  await storeNewPassword(request, user, input.password, 'password');
  await revokeUserFamilies(db, user.id, 'password_reset', now);
  await writeAudit(db, request, {
    eventType: 'password_reset',
    success: true,
    userId: user.id,
    userEmail: user.email,
    severity: 'medium',
  });
}

export async function changePassword(
  request: FastifyRequest,
  user: UserRow,
  input: { currentPassword: string; newPassword: string },
  currentFamilyId: string | null,
): Promise<void> {
  const { db, clock } = request.server.deps;
  if (!user.password || !(await verifyPassword(user.password, input.currentPassword))) {
    await writeAudit(db, request, {
      eventType: 'password_change',
      success: false,
      userId: user.id,
      userEmail: user.email,
      errorMessage: 'wrong current password',
    });
    throw new AppError('VALIDATION_FAILED', 'Your current password is incorrect.', {
      currentPassword: 'Your current password is incorrect.',
    });
  }
  await storeNewPassword(request, user, input.newPassword, 'newPassword');
  const revoked = await revokeUserFamilies(db, user.id, 'password_change', clock.now(), currentFamilyId);
  await writeAudit(db, request, {
    eventType: 'password_change',
    success: true,
    userId: user.id,
    userEmail: user.email,
    severity: 'medium',
    metadata: { otherSessionsRevoked: revoked },
  });
}
