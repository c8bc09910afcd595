import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MINUTE_MS } from '#shared/app/time.constants.ts';
import { AUTH_MESSAGES, type LoginInput, type RegisterInput } from '#shared/auth/auth.schemas.ts';
import { passwordStrengthScore } from '#shared/auth/password-strength.ts';
import type { Database } from '../../db/client.ts';
import { passwordHistory, users, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password-hash.ts';
import type { RequestMeta } from '../../lib/request-meta.ts';
import { raiseAlert, writeAudit } from '../../lib/security-audit.ts';
import { assertPasswordAllowed } from './password-policy.ts';

// Registration and sign-in, with the account lockout (10 consecutive failures lock for 30 minutes).

export const LOCKOUT_THRESHOLD = 10;
export const LOCKOUT_MS = 30 * MINUTE_MS;

type Deps = { db: Database; clock: Clock; meta: RequestMeta };

function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first = name, ...rest] = name.split(/\s+/);
  return { firstName: first, lastName: rest.length ? rest.join(' ') : null };
}

export async function registerUser(options: Deps & { input: RegisterInput & { password: string } }): Promise<UserRow> {
  const { db, clock, meta, input } = options;
  const now = clock.now();
  assertPasswordAllowed(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      name: input.name,
      ...splitName(input.name),
      password: passwordHash,
      passwordStrengthScore: passwordStrengthScore(input.password, [input.email, input.name]),
      lastPasswordChange: now,
      lastResetDate: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!user)
    throw new AppError('CONFLICT', AUTH_MESSAGES.registrationFailed, {
      email: 'An account with this email already exists',
    });
  await db.insert(passwordHistory).values({ userId: user.id, passwordHash, createdAt: now });
  await writeAudit({
    db,
    meta,
    event: { eventType: 'register', success: true, userId: user.id, userEmail: user.email },
  });
  return user;
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.loginFailed);

/**
 * Checks credentials. Unknown e-mail and wrong password give the same error after the same argon2
 * work. A locked account is refused even with the right password until the lock expires.
 */
export async function authenticate(
  options: Deps & {
    log: FastifyBaseLogger;
    input: LoginInput;
    /** The account a signed known-device cookie names (null without one): its owner passes a lock. */
    knownDeviceUserId: number | null;
    /** Tells the owner when a lock starts, with the way back in that strangers cannot use. */
    notifyLocked: (user: UserRow) => Promise<void>;
  },
): Promise<UserRow> {
  const { db, clock, meta, input, knownDeviceUserId } = options;
  const now = clock.now();
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));
  if (!user?.password || !user.isActive) {
    await verifyAgainstDummy(input.password);
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
  const isLocked = user.accountLocked && user.lockoutExpires && user.lockoutExpires.getTime() > now.getTime();
  // A lock stops guessing from anywhere new; the owner's own device still gets a password check.
  if (isLocked && knownDeviceUserId !== user.id) {
    await writeAudit({
      db,
      meta,
      event: {
        eventType: 'login_failure',
        success: false,
        userId: user.id,
        userEmail: user.email,
        errorMessage: 'account locked',
      },
    });
    throw new AppError(
      'ACCOUNT_LOCKED',
      'Too many failed sign-in attempts. This account is locked for 30 minutes on new devices: sign in from a device you have used before, or reset your password (we have e-mailed the owner a link).',
    );
  }
  if (!(await verifyPassword(user.password, input.password))) {
    await recordFailure({ ...options, user, now });
    throw invalidCredentials();
  }
  const [updated] = await db
    .update(users)
    .set({ failedLoginAttempts: 0, accountLocked: false, lockoutExpires: null })
    .where(eq(users.id, user.id))
    .returning();
  await writeAudit({
    db,
    meta,
    event: { eventType: 'login_success', success: true, userId: user.id, userEmail: user.email },
  });
  return updated ?? user;
}

async function recordFailure(
  options: Deps & { log: FastifyBaseLogger; user: UserRow; now: Date; notifyLocked: (user: UserRow) => Promise<void> },
): Promise<void> {
  const { db, meta, log, user, now } = options;
  // An expired lock starts a fresh count. One statement, so concurrent failures each count once.
  const lockExpired = sql`(${users.accountLocked} and (${users.lockoutExpires} is null or ${users.lockoutExpires} <= ${now.toISOString()}::timestamptz))`;
  const nextCount = sql`(case when ${lockExpired} then 0 else ${users.failedLoginAttempts} end) + 1`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginAttempts: nextCount,
      lastFailedLogin: now,
      accountLocked: sql`${nextCount} >= ${LOCKOUT_THRESHOLD}`,
      lockoutExpires: sql`case when ${nextCount} >= ${LOCKOUT_THRESHOLD} then ${new Date(now.getTime() + LOCKOUT_MS).toISOString()}::timestamptz else null end`,
    })
    .where(eq(users.id, user.id))
    .returning({ failedLoginAttempts: users.failedLoginAttempts, accountLocked: users.accountLocked });
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
  if (row?.accountLocked && row.failedLoginAttempts === LOCKOUT_THRESHOLD) {
    await writeAudit({
      db,
      meta,
      event: {
        eventType: 'account_locked',
        success: true,
        userId: user.id,
        userEmail: user.email,
        severity: 'medium',
        metadata: { failedAttempts: row.failedLoginAttempts },
      },
    });
    await raiseAlert({
      db,
      meta,
      log,
      alert: {
        alertType: 'account_locked',
        severity: 'medium',
        userId: user.id,
        description: `Account locked after ${LOCKOUT_THRESHOLD} consecutive failed sign-in attempts.`,
      },
    });
    // A failed e-mail must not turn a wrong password into a 500 (the lock itself is already stored).
    await options.notifyLocked(user).catch((error: unknown) => log.warn({ err: error }, 'lock notice not sent'));
  }
}
