import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { HOUR_MS } from '#shared/app/time.constants.ts';
import type { RegisterInput } from '#shared/auth/auth.schemas.ts';
import { passwordStrengthScore } from '#shared/auth/password-strength.ts';
import type { Database } from '../../db/client.ts';
import { passwordHistory, pendingRegistrations, users, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import type { Clock } from '../../lib/platform/clock.ts';
import type { Mailer } from '../../lib/platform/mailer.ts';
import { hashPassword } from '../../lib/platform/password-hash.ts';
import type { RequestMeta } from '../../lib/http/request-meta.ts';
import { writeAudit } from '../../lib/domain/security-audit.ts';
import { assertPasswordAllowed } from './password-policy.service.ts';
import { hashToken } from './refresh-token.service.ts';

// Registration in two steps (docs/decisions/034). POST /register does the same work for every
// address (password rules, argon2, one row, one queued job) and gives the same answer; the job then
// mails either a link that creates the account or, when the address already has one, a notice to
// its owner. Opening the link creates the account and signs in.

export const REGISTRATION_LINK_TTL_MS = 24 * HOUR_MS;
const INVALID_LINK = 'This link is invalid or has expired. Please register again.';

function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first = name, ...rest] = name.split(/\s+/);
  return { firstName: first, lastName: rest.length ? rest.join(' ') : null };
}

/** The link's token, derived from the job id like the password reset token (a retried job mails the same link). */
function registrationTokenFor(jobId: string, secret: string): string {
  return createHmac('sha256', secret).update(`registration:${jobId}`).digest('base64url');
}

/** Step 1: stores the registration; the caller queues the mail job with the returned id. */
export async function startRegistration(options: {
  db: Database;
  clock: Clock;
  input: RegisterInput & { password: string; redirectTo?: string | undefined };
}): Promise<number> {
  const { db, clock, input } = options;
  const now = clock.now();
  assertPasswordAllowed(input.password, 'password');
  // Hashed whether or not the address is taken: the answer takes the same time either way.
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(pendingRegistrations)
    .values({
      email: input.email,
      name: input.name,
      passwordHash,
      passwordStrengthScore: passwordStrengthScore(input.password, [input.email, input.name]),
      redirectTo: input.redirectTo ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + REGISTRATION_LINK_TTL_MS),
    })
    .returning({ id: pendingRegistrations.id });
  if (!row) throw new Error('pending registration insert returned nothing');
  return row.id;
}

/**
 * Deletes the registrations whose link has expired (the hourly auth.purge-pending-registrations
 * job): each row holds an address and a password hash nobody can use any more.
 */
export async function purgeExpiredRegistrations(options: { db: Database; now: Date }): Promise<number> {
  const rows = await options.db
    .delete(pendingRegistrations)
    .where(lt(pendingRegistrations.expiresAt, options.now))
    .returning({ id: pendingRegistrations.id });
  return rows.length;
}

export function registrationLinkMail(link: string): { subject: string; text: string } {
  return {
    subject: 'Finish creating your Unbuilt account',
    text: [
      'Thanks for signing up for Unbuilt.',
      '',
      `Open this link within 24 hours to finish creating your account and sign in: ${link}`,
      '',
      'If it was not you, ignore this e-mail: no account is created without the link.',
    ].join('\n'),
  };
}

export function registrationAttemptNoticeMail(publicUrl: string): { subject: string; text: string } {
  const login = new URL('/auth/login', publicUrl).toString();
  const forgot = new URL('/forgot-password', publicUrl).toString();
  return {
    subject: 'Someone tried to register with your address',
    text: [
      'Someone tried to create a new Unbuilt account with this e-mail address, which already has an account.',
      'Nothing was changed: no second account was created and your password stays as it is.',
      '',
      `If it was you, sign in here: ${login}`,
      `or, if you forgot your password, reset it here: ${forgot}`,
      '',
      'If it was not you, you can ignore this e-mail.',
    ].join('\n'),
  };
}

/**
 * Step 2, the mail job's handler: a link for a free address, a notice to the owner of a taken one.
 * Idempotent: a retried job mails the same link; a registration already answered mails nothing new
 * for a taken address.
 */
export async function sendRegistrationMail(options: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  jobId: string;
  meta: RequestMeta;
  pendingId: number;
}): Promise<void> {
  const { db, mailer, publicUrl, secret, jobId, meta, pendingId } = options;
  const [pending] = await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.id, pendingId));
  if (!pending) return;
  const [owner] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, pending.email));
  if (owner) {
    // The registration can never create an account: closed now, so its row only waits to expire.
    const closed = await db
      .update(pendingRegistrations)
      .set({ usedAt: pending.createdAt })
      .where(and(eq(pendingRegistrations.id, pendingId), isNull(pendingRegistrations.usedAt)))
      .returning({ id: pendingRegistrations.id });
    if (closed.length > 0) {
      await writeAudit({
        db,
        meta,
        event: {
          eventType: 'register_existing_email',
          success: false,
          userId: owner.id,
          userEmail: owner.email,
          errorMessage: 'address already registered; owner notified',
        },
      });
    }
    if (owner.isActive) await mailer.sendMail({ to: owner.email, ...registrationAttemptNoticeMail(publicUrl) });
    return;
  }
  const token = registrationTokenFor(jobId, secret);
  await db
    .update(pendingRegistrations)
    .set({ tokenHash: hashToken(token) })
    .where(and(eq(pendingRegistrations.id, pendingId), isNull(pendingRegistrations.tokenHash)));
  // The token rides in the fragment, as in the reset link: never in request logs or a Referer.
  const redirect = pending.redirectTo ? `?redirectTo=${encodeURIComponent(pending.redirectTo)}` : '';
  const link = new URL(`/auth/confirm-email${redirect}#token=${encodeURIComponent(token)}`, publicUrl).toString();
  await mailer.sendMail({ to: pending.email, ...registrationLinkMail(link) });
}

/** Step 3: the link creates the account (once) and returns it; the route signs it in. */
export async function confirmRegistration(options: {
  db: Database;
  clock: Clock;
  meta: RequestMeta;
  token: string;
}): Promise<UserRow> {
  const { db, clock, meta, token } = options;
  const now = clock.now();
  const invalid = () => new AppError('BAD_REQUEST', INVALID_LINK, { token: INVALID_LINK });
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .update(pendingRegistrations)
      .set({ usedAt: now })
      .where(
        and(
          eq(pendingRegistrations.tokenHash, hashToken(token)),
          isNull(pendingRegistrations.usedAt),
          gt(pendingRegistrations.expiresAt, now),
        ),
      )
      .returning();
    if (!pending) throw invalid();
    const [user] = await tx
      .insert(users)
      .values({
        email: pending.email,
        name: pending.name,
        ...splitName(pending.name),
        password: pending.passwordHash,
        passwordStrengthScore: pending.passwordStrengthScore,
        lastPasswordChange: now,
        lastResetDate: now,
      })
      .onConflictDoNothing()
      .returning();
    // Someone else's link for the same address was opened first.
    if (!user) throw invalid();
    await tx.insert(passwordHistory).values({ userId: user.id, passwordHash: pending.passwordHash, createdAt: now });
    await writeAudit({
      db: tx,
      meta,
      event: { eventType: 'register', success: true, userId: user.id, userEmail: user.email },
    });
    return user;
  });
}
