import { DAY_MS } from '../app/time.constants.ts';

// The one definition of the plans (docs/product/plans.md, constants.md), used by every screen and by the server.

export const PLAN_IDS = ['free', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const FREE_MONTHLY_SEARCHES = 5;
export const USAGE_WARNING_AT = 3;
export const LOW_SEARCH_PROMPT_RATIO = 0.8;
export const FREE_HISTORY_DAYS = 30;
export const TRIAL_DAYS = 7;
export const MONEY_BACK_DAYS = 14;
export const UPGRADE_PROMPT_DISMISS_MS = DAY_MS;
export const RECENT_SEARCHES_SHOWN = 5;
export const PAID_SEARCHES_PER_MINUTE = 60;
export const FREE_SEARCHES_PER_MINUTE = 10;
/** Searches one user may have running at once, on any plan. */
export const SEARCHES_IN_FLIGHT_PER_USER = 2;
/** Exports (PDF report, CSV, bundle) a free user may download per calendar month (UTC); paid plans: unlimited. */
export const FREE_MONTHLY_EXPORTS = 3;
/** Free answers that used no search (an abstention or no opportunities) a free user may get per hour. */
export const FREE_UNCOUNTED_ANSWERS_PER_HOUR = 20;

export function isPaidPlan(plan: PlanId): boolean {
  return plan === 'pro' || plan === 'enterprise';
}

export type PlanDefinition = {
  id: PlanId;
  name: string;
  /** Monthly price in US dollars: the one price every screen shows (landing, /pricing, dialog, /subscribe, upgrade). */
  monthlyPriceUsd: number;
  description: string;
  /** Searches per calendar month; null = unlimited. */
  monthlySearches: number | null;
  /** Days of search history shown; null = all. */
  historyDays: number | null;
  /** Markets (analyses) one user may watch at once (issue 33): re-run and compared on each new corpus version. */
  maxWatches: number;
  /** docs/product/plans.md feature list: the same lines on every screen that lists the plan. */
  features: string[];
  isPopular: boolean;
};

export const PLANS: Record<PlanId, PlanDefinition> = {
  free: {
    id: 'free',
    name: 'Free',
    monthlyPriceUsd: 0,
    description: 'Explore the engine on your own ideas.',
    monthlySearches: FREE_MONTHLY_SEARCHES,
    historyDays: FREE_HISTORY_DAYS,
    maxWatches: 1,
    features: [
      `${FREE_MONTHLY_SEARCHES} searches a month`,
      'Scored opportunities with their evidence',
      `PDF export (${FREE_MONTHLY_EXPORTS} a month)`,
      `${FREE_HISTORY_DAYS} days of search history`,
      'Community support',
    ],
    isPopular: false,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    monthlyPriceUsd: 29,
    description: 'For founders validating ideas every week.',
    monthlySearches: null,
    historyDays: null,
    maxWatches: 20,
    features: [
      'Unlimited searches',
      'Action plans and pitch decks',
      'PDF and CSV export, branded reports',
      'Advanced analytics',
      'Share analyses and ideas with your team',
      'Unlimited history',
      'Priority support (24/7 email)',
    ],
    isPopular: true,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPriceUsd: 299,
    description: 'For teams and organisations.',
    monthlySearches: null,
    historyDays: null,
    maxWatches: 200,
    features: [
      'Everything in Pro',
      'Team management',
      'Full REST API access',
      'Dedicated account manager',
      'White-label options',
    ],
    isPopular: false,
  },
};

/** "$0", "$29", "$299": the price as every plan card writes it (per month). */
export function planPriceLabel(plan: Pick<PlanDefinition, 'monthlyPriceUsd'>): string {
  return `$${plan.monthlyPriceUsd}`;
}

/**
 * Plan features that are promised but not built yet (issue 13): screens label them "coming soon". When the
 * issue that builds one lands, it removes the line here and the label goes with it. Teams, sharing, analytics
 * and the API are built (issue 29 found them still labelled).
 */
export const COMING_SOON_FEATURES: ReadonlySet<string> = new Set(['White-label options']);
