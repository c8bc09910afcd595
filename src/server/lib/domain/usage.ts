import { PLANS } from '#shared/plans/plans.constants.ts';
import type { UsageDto } from '#shared/usage/usage.schemas.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { effectivePlan } from './effective-plan.ts';

// The monthly search quota as a user sees it (docs/product/plans.md): counted per
// calendar month in UTC; the count starts again when the month differs from lastResetDate. The
// searches feature counts a search (search-quota.service.ts); the usage feature reports it.

/** "YYYY-MM" of a moment in UTC: two moments share a quota month when these are equal. */
export function quotaMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}

export function usageOf(
  user: Pick<
    UserRow,
    | 'plan'
    | 'subscriptionTier'
    | 'subscriptionStatus'
    | 'subscriptionPeriodEnd'
    | 'trialExpiration'
    | 'lastResetDate'
    | 'searchCount'
  >,
  now: Date,
): UsageDto {
  const plan = effectivePlan(user, now);
  const searchesUsed = quotaMonth(user.lastResetDate) === quotaMonth(now) ? user.searchCount : 0;
  return { searchesUsed, searchesLimit: PLANS[plan].monthlySearches, plan };
}
