import { DAY_MS } from '#shared/app/time.constants.ts';
import { isPaidPlan, type PlanId } from '#shared/plans/plans.constants.ts';
import type { UserRow } from '../../db/schema/index.ts';

// The plan a user has *now*, computed on every read from the stored subscription and trial state,
// so a trial or a cancelled subscription ends on the very next request whether or not any job ran.
// The billing feature's event handler is the only writer of these columns.
//
// users.subscriptionStatus holds the provider's status, except 'canceling' (active, set to end at
// the period end) so this function can tell a renewal from an ending without another table.

/**
 * A renewing subscription stays paid this long past its period end: the provider confirms a renewal
 * some time after the period rolls over (Stripe finalises the invoice about an hour later, and
 * retries failed cards for days while the status is past_due).
 */
export const RENEWAL_GRACE_MS = 3 * DAY_MS;

const RENEWING_STATUSES = new Set(['active', 'trialing', 'past_due']);
const ENDING_STATUSES = new Set(['canceling', 'canceled']);

type PlanFields = Pick<
  UserRow,
  'plan' | 'subscriptionTier' | 'subscriptionStatus' | 'subscriptionPeriodEnd' | 'trialExpiration'
>;

function subscriptionPlan(user: PlanFields, now: Date): PlanId | null {
  const tier = user.subscriptionTier;
  if (tier === 'free') return null;
  const periodEnd = user.subscriptionPeriodEnd?.getTime() ?? null;
  if (RENEWING_STATUSES.has(user.subscriptionStatus)) {
    return periodEnd === null || periodEnd + RENEWAL_GRACE_MS > now.getTime() ? tier : null;
  }
  // Cancelled at period end: paid until the period ends, not a moment longer.
  if (ENDING_STATUSES.has(user.subscriptionStatus) && periodEnd !== null && periodEnd > now.getTime()) return tier;
  return null;
}

export function effectivePlan(user: PlanFields, now: Date): PlanId {
  const paid = subscriptionPlan(user, now);
  if (paid) return paid;
  if (user.trialExpiration && user.trialExpiration.getTime() > now.getTime()) return 'pro';
  return 'free';
}

export function hasPaidPlan(user: PlanFields, now: Date): boolean {
  return isPaidPlan(effectivePlan(user, now));
}
