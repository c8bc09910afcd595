import { isPaidPlan, type PlanId } from '#shared/plans/plans.constants.ts';
import type { UserRow } from '../db/schema/index.ts';

// The plan a user has *now*, computed on every read from the stored subscription and trial state,
// so a trial or a cancelled subscription ends on the very next request whether or not any job ran.
// The billing feature owns the state machine that writes these columns.

const PAID_STATUSES = new Set(['active', 'trialing', 'past_due']);

type PlanFields = Pick<UserRow, 'plan' | 'subscriptionTier' | 'subscriptionStatus' | 'subscriptionPeriodEnd' | 'trialExpiration'>;

export function effectivePlan(user: PlanFields, now: Date): PlanId {
  const tier = user.subscriptionTier;
  if (tier !== 'free') {
    const periodOpen = !user.subscriptionPeriodEnd || user.subscriptionPeriodEnd.getTime() > now.getTime();
    if (PAID_STATUSES.has(user.subscriptionStatus) && periodOpen) return tier;
    // Cancelled at period end: paid until the period ends.
    if (user.subscriptionStatus === 'canceled' && user.subscriptionPeriodEnd && periodOpen) return tier;
  }
  if (user.trialExpiration && user.trialExpiration.getTime() > now.getTime()) return 'pro';
  return 'free';
}

export function hasPaidPlan(user: PlanFields, now: Date): boolean {
  return isPaidPlan(effectivePlan(user, now));
}
