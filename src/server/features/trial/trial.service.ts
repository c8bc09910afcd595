import { and, eq } from 'drizzle-orm';
import { DAY_MS } from '#shared/app/time.constants.ts';
import { TRIAL_DAYS } from '#shared/plans/plans.constants.ts';
import type { Database } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import { effectivePlan, hasPaidPlan } from '../../lib/domain/effective-plan.ts';

/**
 * Starts the 7-day Pro trial: once per user, no card. One conditional update, so two concurrent
 * requests cannot both start it. It ends by itself: effectivePlan compares trialExpiration with now.
 */
export async function activateTrial({
  db,
  user,
  email,
  now,
}: {
  db: Database;
  user: UserRow;
  email: string;
  now: Date;
}) {
  if (email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError('VALIDATION_FAILED', 'Use the e-mail address of your account.', {
      email: 'Use the e-mail address of your account.',
    });
  }
  if (user.trialUsed) throw new AppError('CONFLICT', 'You have already used your free trial.');
  if (hasPaidPlan(user, now)) throw new AppError('CONFLICT', 'You already have a paid plan.');
  const trialExpiration = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  const [updated] = await db
    .update(users)
    .set({ trialUsed: true, trialExpiration, updatedAt: now })
    .where(and(eq(users.id, user.id), eq(users.trialUsed, false)))
    .returning();
  if (!updated) throw new AppError('CONFLICT', 'You have already used your free trial.');
  return { plan: effectivePlan(updated, now), trialExpiration: trialExpiration.toISOString() };
}
