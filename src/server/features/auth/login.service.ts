import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_MESSAGES, type LoginInput } from '#shared/auth/auth.schemas.ts';
import type { Database } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import type { Clock } from '../../lib/platform/clock.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/platform/password-hash.ts';
import type { RequestMeta } from '../../lib/http/request-meta.ts';
import { raiseAlert, writeAudit } from '../../lib/domain/security-audit.ts';
import { assertNoWait, clearFailures, delayKeys, recordFailure as recordDelayFailure } from './login-delay.service.ts';

// Sign-in (registration: registration.service.ts). Failed sign-ins slow their source down (login-delay.service.ts); the account is
// never locked by them. After 10 consecutive failures its owner is told (once per run of failures).

export const NOTICE_THRESHOLD = 10;

type Deps = { db: Database; clock: Clock; meta: RequestMeta };

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.loginFailed);

/**
 * Checks credentials (docs/decisions/031). Unknown e-mail and wrong password give the same error
 * after the same argon2 work, and are slowed alike: failures delay the address (and the address
 * with that e-mail), never lock the account. The owner's known device is slowed only by its own
 * failures, so a stranger's guesses cannot keep the owner out.
 */
export async function authenticate(
  options: Deps & {
    log: FastifyBaseLogger;
    input: LoginInput;
    /** The account a signed known-device cookie names (null without one). */
    knownDeviceUserId: number | null;
    /** Tells the owner when failures reach the threshold, with the reset link that always works. */
    notifyOwner: (user: UserRow) => Promise<void>;
  },
): Promise<UserRow> {
  const { db, clock, meta, input, knownDeviceUserId } = options;
  const now = clock.now();
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));
  const onKnownDevice = user !== undefined && knownDeviceUserId === user.id;
  const keys = delayKeys({ ip: meta.ip, email: input.email, knownDeviceOf: onKnownDevice ? user.id : null });
  await assertNoWait(db, keys, now);
  if (!user?.password || !user.isActive) {
    await verifyAgainstDummy(input.password);
    await recordDelayFailure(db, keys, now);
    await writeAudit({
      db,
      meta,
      event: {
        eventType: 'login_failure',
        success: false,
        userId: user?.id ?? null,
        userEmail: input.email,
        errorMessage: 'unknown account',
      },
    });
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.password, input.password))) {
    await recordDelayFailure(db, keys, now);
    await recordFailure({ ...options, user, now });
    throw invalidCredentials();
  }
  await clearFailures(db, keys);
  const [updated] = await db.update(users).set({ failedLoginAttempts: 0 }).where(eq(users.id, user.id)).returning();
  await writeAudit({
    db,
    meta,
    event: { eventType: 'login_success', success: true, userId: user.id, userEmail: user.email },
  });
  return updated ?? user;
}

async function recordFailure(
  options: Deps & { log: FastifyBaseLogger; user: UserRow; now: Date; notifyOwner: (user: UserRow) => Promise<void> },
): Promise<void> {
  const { db, meta, log, user, now } = options;
  // The account keeps a count of consecutive failures for its owner's notice; it is never locked.
  const [row] = await db
    .update(users)
    .set({ failedLoginAttempts: sql`${users.failedLoginAttempts} + 1`, lastFailedLogin: now })
    .where(eq(users.id, user.id))
    .returning({ failedLoginAttempts: users.failedLoginAttempts });
  await writeAudit({
    db,
    meta,
    event: {
      eventType: 'login_failure',
      success: false,
      userId: user.id,
      userEmail: user.email,
      errorMessage: 'wrong password',
    },
  });
  if (row?.failedLoginAttempts === NOTICE_THRESHOLD) {
    await raiseAlert({
      db,
      meta,
      log,
      alert: {
        alertType: 'repeated_login_failures',
        severity: 'medium',
        userId: user.id,
        description: `${NOTICE_THRESHOLD} consecutive failed sign-in attempts; the addresses making them are slowed down.`,
      },
    });
    // A failed e-mail must not turn a wrong password into a 500.
    await options
      .notifyOwner(user)
      .catch((error: unknown) => log.warn({ err: error }, 'failed sign-in notice not sent'));
  }
}
