import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PASSWORD_EXPIRY_WARNING_DAYS } from '#shared/admin/settings.schemas.ts';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { users } from '../../db/schema/index.ts';
import { defineJob, type JobDeps } from '../../lib/jobs/job.ts';
import { writeAudit } from '../../lib/domain/security-audit.ts';
import { getPasswordPolicy } from './admin-settings.service.ts';

// With a maximum password age set in the console: users whose password is within
// PASSWORD_EXPIRY_WARNING_DAYS of it get one e-mail (passwordExpiryWarningSent), and users past it
// must change it at their next request (forcePasswordChange, enforced by the auth guard). Changing
// the password clears both (auth/password.service.ts). Accounts without a password (social sign-in)
// are left alone. A password never changed since sign-up counts from the account's creation.

const passwordSetAt = sql`coalesce(${users.lastPasswordChange}, ${users.createdAt})`;
const JOB_META = { requestId: 'job:admin.password-expiry', ip: 'job', userAgent: null };

export async function runPasswordExpiry(deps: Pick<JobDeps, 'db' | 'clock' | 'mailer' | 'env'>): Promise<{
  warned: number;
  expired: number;
}> {
  const { db, clock, mailer, env } = deps;
  const { maxPasswordAgeDays } = await getPasswordPolicy(db);
  if (maxPasswordAgeDays === null) return { warned: 0, expired: 0 };
  const now = clock.now();
  const expiredBefore = new Date(now.getTime() - maxPasswordAgeDays * DAY_MS);
  const warnBefore = new Date(expiredBefore.getTime() + PASSWORD_EXPIRY_WARNING_DAYS * DAY_MS);

  const expired = await db
    .update(users)
    .set({ forcePasswordChange: true, updatedAt: now })
    .where(
      and(
        eq(users.isActive, true),
        isNotNull(users.password),
        eq(users.forcePasswordChange, false),
        lt(passwordSetAt, expiredBefore),
      ),
    )
    .returning({ id: users.id, email: users.email });
  for (const user of expired) {
    await writeAudit({
      db,
      meta: JOB_META,
      event: {
        eventType: 'password_expired',
        success: true,
        userId: user.id,
        userEmail: user.email,
        metadata: { maxPasswordAgeDays },
      },
    });
  }

  // Claimed one user at a time (a conditional UPDATE), so two runners never mail the same user; a
  // failed send gives the claim back and the job's retry sends it.
  const due = await db
    .select({ id: users.id, email: users.email, setAt: passwordSetAt.mapWith((v: string | Date) => new Date(v)) })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        isNotNull(users.password),
        eq(users.forcePasswordChange, false),
        eq(users.passwordExpiryWarningSent, false),
        lt(passwordSetAt, warnBefore),
      ),
    );
  let warned = 0;
  for (const user of due) {
    const claimed = await db
      .update(users)
      .set({ passwordExpiryWarningSent: true })
      .where(and(eq(users.id, user.id), eq(users.passwordExpiryWarningSent, false)))
      .returning({ id: users.id });
    if (claimed.length === 0) continue;
    const expiresAt = new Date(user.setAt.getTime() + maxPasswordAgeDays * DAY_MS);
    try {
      await mailer.sendMail({
        to: user.email,
        subject: 'Your Unbuilt password expires soon',
        text: [
          `Your Unbuilt password expires on ${expiresAt.toISOString().slice(0, 10)} (passwords on this installation last ${maxPasswordAgeDays} days).`,
          '',
          `Change it before then: ${new URL('/change-password', env.PUBLIC_URL).toString()}`,
          '',
          'After that date you will be asked to choose a new one when you next sign in.',
        ].join('\n'),
      });
    } catch (error) {
      await db.update(users).set({ passwordExpiryWarningSent: false }).where(eq(users.id, user.id));
      throw error;
    }
    await writeAudit({
      db,
      meta: JOB_META,
      event: { eventType: 'password_expiry_warning', success: true, userId: user.id, userEmail: user.email },
    });
    warned += 1;
  }
  return { warned, expired: expired.length };
}

/** Hourly; does nothing while no maximum password age is set. */
export const passwordExpiryJob = defineJob({
  name: 'admin.password-expiry',
  payload: z.object({}),
  schedule: '41 * * * *',
  handle: async (_payload, { deps }) => {
    await runPasswordExpiry(deps);
  },
});
