// The one definition of the plans (spec §6, §9), used by every screen and by the server.

export const PLAN_IDS = ['free', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const FREE_MONTHLY_SEARCHES = 5;
export const USAGE_WARNING_AT = 3;
export const LOW_SEARCH_PROMPT_RATIO = 0.8;
export const FREE_HISTORY_DAYS = 30;
export const TRIAL_DAYS = 7;
export const MONEY_BACK_DAYS = 14;
export const UPGRADE_PROMPT_DISMISS_MS = 24 * 60 * 60 * 1000;
export const RECENT_SEARCHES_SHOWN = 5;
export const PAID_SEARCHES_PER_MINUTE = 60;

export function isPaidPlan(plan: PlanId): boolean {
  return plan === 'pro' || plan === 'enterprise';
}
