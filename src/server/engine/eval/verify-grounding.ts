import type { GapAnalysis, Opportunity, SizeBreakdown } from '#shared/engine/analysis.schemas.ts';
import { scoreEvidence } from '../pipeline/rubric.ts';

// Groundedness: recompute every number of an opportunity from its own evidence list and compare.
// A number counts as grounded when the recomputation gives the same value and every evidence id
// its breakdown cites is present in the list.

export type GroundingReport = { numbers: number; grounded: number; failures: string[] };

/** Equal within rounding; a market not sized (null) equals only another not sized. */
function same(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) < 1e-6;
}

function checkBreakdown(
  name: string,
  shown: SizeBreakdown,
  recomputed: SizeBreakdown,
  ids: Set<string>,
  report: GroundingReport,
): void {
  const tally = (ok: boolean, what: string): void => {
    report.numbers++;
    if (ok) report.grounded++;
    else report.failures.push(what);
  };
  tally(same(shown.score, recomputed.score), `${name}.score`);
  shown.factors.forEach((f, i) => {
    const r = recomputed.factors[i];
    tally(
      r !== undefined &&
        r.key === f.key &&
        same(r.value, f.value) &&
        same(r.contribution, f.contribution) &&
        same(r.weight, f.weight),
      `${name}.${f.key}`,
    );
    const missing = f.evidenceIds.filter((id) => !ids.has(id));
    if (missing.length) report.failures.push(`${name}.${f.key} cites missing evidence ${missing.join(', ')}`);
  });
}

export function verifyOpportunity(
  o: Opportunity,
  report: GroundingReport = { numbers: 0, grounded: 0, failures: [] },
): GroundingReport {
  const scores = scoreEvidence(o.evidence);
  const ids = new Set(o.evidence.map((e) => e.id));
  const fields: [string, number | string | null, number | string | null][] = [
    ['innovationScore', o.innovationScore, scores.innovationScore],
    ['marketSize', o.marketSize, scores.marketSize],
    ['feasibility', o.feasibility, scores.feasibility],
    ['confidenceScore', o.confidenceScore, scores.confidenceScore],
    ['opportunityScore', o.opportunityScore, scores.opportunityScore],
    ['relevance', o.relevance, scores.relevance],
    ['marketPotential', o.marketPotential, scores.marketPotential],
    ['priority', o.priority, scores.priority],
  ];
  for (const [name, shown, recomputed] of fields) {
    report.numbers++;
    if (shown === recomputed) report.grounded++;
    else report.failures.push(`${o.title}: ${name} shows ${shown}, evidence gives ${recomputed}`);
  }
  for (const key of Object.keys(o.breakdown) as (keyof Opportunity['breakdown'])[]) {
    checkBreakdown(`${o.title}: ${key}`, o.breakdown[key], scores.breakdown[key], ids, report);
  }
  for (const c of o.competitors) {
    if (c.verified && c.evidenceId && !ids.has(c.evidenceId))
      report.failures.push(`${o.title}: competitor ${c.name} cites missing evidence`);
  }
  return report;
}

export function verifyAnalysis(a: GapAnalysis): GroundingReport {
  const report: GroundingReport = { numbers: 0, grounded: 0, failures: [] };
  for (const o of a.opportunities) verifyOpportunity(o, report);
  return report;
}
