import type { Evidence, ScoreBreakdown, SizeBreakdown } from '#shared/engine/analysis.schemas.ts';
import type { MarketPotential } from '#shared/searches/filters.schemas.ts';
import {
  clamp,
  confidenceFactorList,
  factor,
  feasibilityFactorList,
  importanceFactorList,
  innovationFactorList,
  num,
  r3,
  rubricMeasures,
  satisfactionFactorList,
  sizeFactorList,
  total,
  type RubricInputs,
} from './rubric-factors.ts';

// The versioned scoring rubric. Scores are computed from an opportunity's evidence list alone, so
// anyone holding the evidence can recompute every number (the eval does exactly that).

export const RUBRIC_VERSION = 'rubric-2026.11-8';

const SEED_CONFIDENCE_CAP = 30;
/** Years counted as recent for the entry trend (the latest dated year and the two before it). */
export const RECENT_YEARS = 3;

export type { RubricInputs };

/** Sorts an opportunity's evidence into the rubric's inputs by evidence id. */
export function rubricInputs(evidence: readonly Evidence[]): RubricInputs {
  const byPrefix = (prefix: string): Evidence[] => evidence.filter((e) => e.id.startsWith(prefix));
  const one = (id: string): Evidence | null => evidence.find((e) => e.id === id) ?? null;
  const companies = byPrefix('company:');
  const directoryRecent = one('directory:recent');
  const latest =
    directoryRecent && typeof directoryRecent.ref === 'string' ? Number(directoryRecent.ref.split('-')[0]) : NaN;
  return {
    companies,
    competitors: one('cell:competitors'),
    active: companies.filter((e) => e.value === 'Active' || e.value === 'Public'),
    // An acquisition is an exit (someone paid for the company), not a failure: only shutdowns count against survival.
    failed: companies.filter((e) => e.value === 'Inactive'),
    recentCompanies: companies.filter((e) => e.date !== undefined && Number(e.date.slice(0, 4)) >= latest),
    directoryRecent,
    directoryTotal: one('directory:total'),
    // A job's own demand (the people doing its work activity) when measured; else the occupation's.
    activity: evidence.find((e) => e.id.startsWith('activity:') && e.id.endsWith(':demand')) ?? null,
    segmentWorkers: evidence.find((e) => e.id.startsWith('segment:') && e.id.endsWith(':workers')) ?? null,
    establishments: one('industry:establishments'),
    employment: evidence.find((e) => e.id.endsWith(':employment')) ?? null,
    growth: evidence.find((e) => e.id.endsWith(':growth')) ?? null,
    hotTech: evidence.filter((e) => e.id.includes(':tech:')),
    risks: byPrefix('risk:').filter(
      (e) => typeof e.value === 'number' && companies.length > 0 && e.value * 3 >= companies.length,
    ),
    queryMatch: one('match:query'),
    cellMatch: one('match:cell'),
    marketInterest: one('market:interest'),
    occupationMatch: one('match:occupation'),
    corpusKind: one('corpus:kind'),
  };
}

export type RubricScores = {
  opportunityScore: number;
  innovationScore: number;
  /** Null when the evidence counts nobody who buys: not sized. */
  marketSize: number | null;
  feasibility: number;
  confidenceScore: number;
  marketPotential: MarketPotential;
  priority: 'high' | 'medium' | 'low';
  relevance: number;
  breakdown: Record<
    'opportunityScore' | 'innovationScore' | 'feasibility' | 'confidenceScore' | 'marketPotential' | 'priority',
    ScoreBreakdown
  > & { marketSize: SizeBreakdown };
};

export function scoreEvidence(evidence: readonly Evidence[]): RubricScores {
  const x = rubricInputs(evidence);
  const m = rubricMeasures(x);
  const { n, activeDensity, incumbents, queryFit, isFull } = m;

  const importanceFactors = importanceFactorList(x, m);
  const importance = total(importanceFactors);
  const satisfactionFactors = satisfactionFactorList(x, m);
  const satisfaction = total(satisfactionFactors);
  const underserved = Math.max(importance - satisfaction, 0);
  // 0–100: importance and underserved are each 0–10, so their sum (0–20) is scaled by 5.
  const opportunityScore = r3(5 * (importance + underserved));
  const oppFactors = [
    // The same importance factors on the 0–100 scale (× 5).
    ...importanceFactors.map((f) => ({ ...f, contribution: r3(f.value * f.weight * 50) })),
    factor(
      'underserved',
      'Underserved (importance − satisfaction, not below 0)',
      underserved,
      1,
      5,
      [...x.active, ...x.hotTech],
      `importance ${r3(importance)} − satisfaction ${r3(satisfaction)} (satisfaction = 10 × (0.7 × active density ${r3(activeDensity)} + 0.3 × incumbents ${r3(incumbents)}))`,
    ),
  ];

  const innovationFactors = innovationFactorList(x, m);
  const feasibilityFactors = feasibilityFactorList(x, m);
  const sizeFactors = sizeFactorList(x, m);
  const confidenceFactors = confidenceFactorList(x, m);

  const innovationScore = Math.round(total(innovationFactors));
  const feasibility = Math.round(total(feasibilityFactors));
  // Not sized is not small: without a count of who buys, the size is unknown and says so (null).
  const marketSize = m.demandSized ? Math.round(total(sizeFactors)) : null;
  const rawConfidence = Math.round(total(confidenceFactors));
  const confidenceScore = isFull ? rawConfidence : Math.min(rawConfidence, SEED_CONFIDENCE_CAP);
  const oppPercent = opportunityScore;
  const potentialFactors =
    marketSize === null
      ? [
          factor(
            'opportunity',
            'Opportunity score (of 100; the whole weight, as the market is not sized)',
            opportunityScore / 100,
            1,
            100,
            [],
            'opportunityScore / 100',
          ),
        ]
      : [
          factor('marketSize', 'Market size score', marketSize / 100, 0.5, 100, [], 'marketSize / 100'),
          factor(
            'opportunity',
            'Opportunity score (of 100)',
            opportunityScore / 100,
            0.5,
            100,
            [],
            'opportunityScore / 100',
          ),
        ];
  const potentialScore = r3(total(potentialFactors));
  const marketPotential: MarketPotential =
    potentialScore >= 75 ? 'very-high' : potentialScore >= 55 ? 'high' : potentialScore >= 35 ? 'medium' : 'low';
  const priorityFactors = [
    factor('opportunity', 'Opportunity score (of 100)', oppPercent / 100, 0.6, 100, [], 'opportunityScore / 100'),
    factor('feasibility', 'Feasibility score', feasibility / 100, 0.4, 100, [], 'feasibility / 100'),
  ];
  const priorityScore = r3(total(priorityFactors));
  const priority = priorityScore >= 60 ? 'high' : priorityScore >= 40 ? 'medium' : 'low';

  return {
    opportunityScore,
    innovationScore,
    marketSize,
    feasibility,
    confidenceScore,
    marketPotential,
    priority,
    // Relevance: how much of the query the cell is about, and how well its companies match it. A
    // cell with no company is judged by its definition alone: the query's own white space is the
    // most relevant answer, not the least.
    relevance: r3(0.5 * clamp(num(x.cellMatch)) + 0.5 * (n > 0 ? queryFit : clamp(num(x.cellMatch)))),
    breakdown: {
      opportunityScore: {
        score: opportunityScore,
        formula:
          '5 × (importance + max(importance − satisfaction, 0)), 0–100; importance = Σ contributions of demand size, growth and market interest (0–10)',
        factors: oppFactors,
      },
      innovationScore: { score: innovationScore, formula: 'round(Σ value × weight × 100)', factors: innovationFactors },
      marketSize:
        marketSize === null
          ? {
              score: null,
              formula:
                'not sized: the evidence counts no people or businesses who buy (a consumer market, or a customer the public data does not name), so no size is claimed',
              factors: [],
            }
          : { score: marketSize, formula: 'round(Σ value × weight × 100)', factors: sizeFactors },
      feasibility: { score: feasibility, formula: 'round(Σ value × weight × 100)', factors: feasibilityFactors },
      confidenceScore: {
        score: confidenceScore,
        formula: isFull
          ? 'round(Σ value × weight × 100)'
          : `min(round(Σ value × weight × 100), ${SEED_CONFIDENCE_CAP}) on the seed corpus`,
        factors: confidenceFactors,
      },
      marketPotential: {
        score: potentialScore,
        formula: 'Σ value × weight × 100: ≥ 75 very-high, ≥ 55 high, ≥ 35 medium, else low',
        factors: potentialFactors,
      },
      priority: {
        score: priorityScore,
        formula: 'Σ value × weight × 100: ≥ 60 high, ≥ 40 medium, else low',
        factors: priorityFactors,
      },
    },
  };
}
