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
  /** Monthly price in US dollars; null where the plan is sold on request. */
  monthlyPriceUsd: number | null;
  /** What the plans dialog shows for the price (docs/product/constants.md: Enterprise is "Custom" in the dialog). */
  dialogPriceLabel: string;
  /** What the landing page shows (docs/product/constants.md: Enterprise is $299 there). */
  landingPriceLabel: string;
  description: string;
  /** Searches per calendar month; null = unlimited. */
  monthlySearches: number | null;
  /** Days of search history shown; null = all. */
  historyDays: number | null;
  /** docs/product/plans.md feature list (plans dialog, /pricing). */
  features: string[];
  /** docs/product/plans.md landing-page summary. */
  landingFeatures: string[];
  isPopular: boolean;
};

export const PLANS: Record<PlanId, PlanDefinition> = {
  free: {
    id: 'free',
    name: 'Free',
    monthlyPriceUsd: 0,
    dialogPriceLabel: '$0',
    landingPriceLabel: '$0',
    description: 'Explore the engine on your own ideas.',
    monthlySearches: FREE_MONTHLY_SEARCHES,
    historyDays: FREE_HISTORY_DAYS,
    features: [
      '5 searches per month',
      'Basic gap analysis',
      'PDF export',
      'Community support',
      '30 days of search history',
    ],
    landingFeatures: ['5 searches a month', 'Basic gap analysis', 'Saved results'],
    isPopular: false,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    monthlyPriceUsd: 29,
    dialogPriceLabel: '$29',
    landingPriceLabel: '$29',
    description: 'For founders validating ideas every week.',
    monthlySearches: null,
    historyDays: null,
    features: [
      'Unlimited searches',
      'Advanced analytics',
      'Priority support (24/7 email)',
      'Collaboration (share with team)',
      'Unlimited history',
    ],
    landingFeatures: [
      'Unlimited searches',
      'Advanced AI analysis',
      'PDF/CSV export',
      'Trending insights',
      'Priority support',
    ],
    isPopular: true,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPriceUsd: 299,
    dialogPriceLabel: 'Custom',
    landingPriceLabel: '$299',
    description: 'For teams and organisations.',
    monthlySearches: null,
    historyDays: null,
    features: [
      'Everything in Pro',
      'Dedicated account manager',
      'Team management',
      'White-label options',
      'Full REST API access',
    ],
    landingFeatures: [
      'Everything in Pro',
      'Team collaboration',
      'Custom integrations',
      'Dedicated support',
      'API access',
    ],
    isPopular: false,
  },
};

/**
 * Plan features that are promised but not built yet (issue 13): screens label them "coming soon". When the
 * issue that builds one lands, it removes the line here and the label goes with it.
 */
export const COMING_SOON_FEATURES: ReadonlySet<string> = new Set([
  'Advanced analytics',
  'Collaboration (share with team)',
  'Team collaboration',
  'White-label options',
  'Custom integrations',
  'Full REST API access',
  'API access',
]);
