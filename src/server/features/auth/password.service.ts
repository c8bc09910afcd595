import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { RESET_TOKEN_TTL_MS } from '#shared/auth/auth.schemas.ts';
import { passwordStrengthScore } from '#shared/auth/password-strength.ts';
import type { Database } from '../../db/client.ts';
import { passwordHistory, passwordResetTokens, users, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import type { Clock } from '../../lib/platform/clock.ts';
import type { Mailer } from '../../lib/platform/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/platform/password-hash.ts';
import type { RequestMeta } from '../../lib/http/request-meta.ts';
import { writeAudit } from '../../lib/domain/security-audit.ts';
import { revokeUserFamilies } from '../../lib/domain/session-families.ts';
import { assertNotRecentlyUsed, assertPasswordAllowed } from './password-policy.service.ts';
import { hashToken } from './refresh-token.service.ts';

// Password reset by e-mail and password change. Both revoke the user's other sessions.

const INVALID_RESET_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

/**
 * The reset token of one mail job: derived from the job id with the server's secret, so a retried
 * job (after a crash, or a failed send) mails the same link instead of a second one, and the token
 * itself is never stored (only its hash, as for every token).
 */
function resetTokenFor(jobId: string, secret: string): string {
  return createHmac('sha256', secret).update(`password-reset:${jobId}`).digest('base64url');
}

/**
 * Creates the reset token and mails the link: the handler of the password-reset mail job (the
 * route only enqueues it, so a known and an unknown e-mail take the same time to answer).
 * Idempotent: a second run of the same job writes nothing new and mails the same link.
 */
export async function sendPasswordResetMail(options: {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  jobId: string;
  meta: RequestMeta;
  email: string;
}): Promise<void> {
  const { db, clock, mailer, publicUrl, secret, jobId, meta, email } = options;
  const now = clock.now();
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  const token = resetTokenFor(jobId, secret);
  const isFirstRun = await db.transaction(async (tx) => {
    if (!user?.isActive || !user.password) {
      await writeAudit({
        db: tx,
        meta,
        event: {
          eventType: 'password_reset_request',
          success: Boolean(user),
          userId: user?.id ?? null,
          userEmail: email,
        },
      });
      return false;
    }
    const created = await tx
      .insert(passwordResetTokens)
      .values({
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ id: passwordResetTokens.id });
    if (created.length > 0) {
      await writeAudit({
        db: tx,
        meta,
        event: { eventType: 'password_reset_request', success: true, userId: user.id, userEmail: email },
      });
    }
    return true;
  });
  if (!isFirstRun || !user) return;
  // The token rides in the fragment: browsers never send it to a server, so it cannot reach request
  // logs or a Referer header when the reset page loads.
  const link = new URL(`/reset-password#token=${encodeURIComponent(token)}`, publicUrl).toString();
  await mailer.sendMail({
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

type Deps = { db: Database; clock: Clock; meta: RequestMeta };

async function storeNewPassword(options: Deps & { user: UserRow; password: string; field: string }): Promise<void> {
  const { db, clock, user, password, field } = options;
  assertPasswordAllowed(password, field);
  await assertNotRecentlyUsed({ db, userId: user.id, password, field });
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
        passwordExpiryWarningSent: false,
        passwordStrengthScore: passwordStrengthScore(password, [user.email, user.name ?? '']),
        failedLoginAttempts: 0,
      })
      .where(eq(users.id, user.id));
    await tx
      .update(passwordHistory)
      .set({ replacedAt: now })
      .where(and(eq(passwordHistory.userId, user.id), isNull(passwordHistory.replacedAt)));
    await tx.insert(passwordHistory).values({ userId: user.id, passwordHash, createdAt: now });
  });
}

export async function resetPassword(options: Deps & { input: { token: string; password: string } }): Promise<void> {
  const { db, clock, meta, input } = options;
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
  await assertNotRecentlyUsed({ db, userId: user.id, password: input.password, field: 'password' });
  const [claimed] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, pending.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (!claimed) throw new AppError('BAD_REQUEST', INVALID_RESET_LINK, { token: INVALID_RESET_LINK });
  await storeNewPassword({ ...options, user, password: input.password, field: 'password' });
  await revokeUserFamilies({ db, userId: user.id, reason: 'password_reset', now });
  await writeAudit({
    db,
    meta,
    event: { eventType: 'password_reset', success: true, userId: user.id, userEmail: user.email, severity: 'medium' },
  });
}

export async function changePassword(
  options: Deps & {
    user: UserRow;
    input: { currentPassword: string; newPassword: string };
    currentFamilyId: string | null;
  },
): Promise<void> {
  const { db, clock, meta, user, input, currentFamilyId } = options;
  if (!user.password || !(await verifyPassword(user.password, input.currentPassword))) {
    await writeAudit({
      db,
      meta,
      event: {
        eventType: 'password_change',
        success: false,
        userId: user.id,
        userEmail: user.email,
        errorMessage: 'wrong current password',
      },
    });
    throw new AppError('VALIDATION_FAILED', 'Your current password is incorrect.', {
      currentPassword: 'Your current password is incorrect.',
    });
  }
  await storeNewPassword({ ...options, password: input.newPassword, field: 'newPassword' });
  const revoked = await revokeUserFamilies({
    db,
    userId: user.id,
    reason: 'password_change',
    now: clock.now(),
    keepFamilyId: currentFamilyId,
  });
  await writeAudit({
    db,
    meta,
    event: {
      eventType: 'password_change',
      success: true,
      userId: user.id,
      userEmail: user.email,
      severity: 'medium',
      metadata: { otherSessionsRevoked: revoked },
    },
  });
}
