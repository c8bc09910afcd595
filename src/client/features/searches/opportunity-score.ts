// The one opportunity score a reader sees: 0–100 (the engine's `opportunityScore`), rounded, shown first on
// every result and named with its scale (issue 13: "Opportunity 5.9" beside 0–100 scores, with "of 20" only
// inside the evidence).

export const OPPORTUNITY_SCORE_MAX = 100;

/** "59" for 59.4; clamped to the scale. */
export function formatOpportunityScore(score: number): string {
  return String(Math.round(Math.min(Math.max(score, 0), OPPORTUNITY_SCORE_MAX)));
}
