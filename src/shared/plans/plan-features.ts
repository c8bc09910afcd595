import type { PlanId } from './plans.constants.ts';

// Which plans include each gated capability (docs/product/plans.md). The server's plan guard and the client's
// upgrade prompts read this one table.
export const PLAN_FEATURES = {
  advancedAnalytics: ['pro', 'enterprise'],
  actionPlans: ['pro', 'enterprise'],
  collaboration: ['pro', 'enterprise'],
  customReports: ['pro', 'enterprise'],
  csvExport: ['pro', 'enterprise'],
  pitchDeck: ['pro', 'enterprise'],
  unlimitedHistory: ['pro', 'enterprise'],
  prioritySupport: ['pro', 'enterprise'],
  teamManagement: ['enterprise'],
  whiteLabel: ['enterprise'],
  apiAccess: ['enterprise'],
} as const satisfies Record<string, readonly PlanId[]>;

export type PlanFeature = keyof typeof PLAN_FEATURES;

export function planIncludes(plan: PlanId, feature: PlanFeature): boolean {
  return (PLAN_FEATURES[feature] as readonly PlanId[]).includes(plan);
}

/** The cheapest plan that includes a feature (what an upgrade prompt offers). */
export function cheapestPlanWith(feature: PlanFeature): PlanId {
  return PLAN_FEATURES[feature][0];
}
