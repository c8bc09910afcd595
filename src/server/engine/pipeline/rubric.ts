import type { Evidence, ScoreBreakdown, ScoreFactor } from '#shared/engine/analysis.schemas.ts';
import type { MarketPotential } from '#shared/searches/filters.schemas.ts';

// The versioned scoring rubric. Scores are computed from an opportunity's evidence list alone, so
// anyone holding the evidence can recompute every number (the eval does exactly that).

export const RUBRIC_VERSION = 'rubric-2026.11-6';

const SEED_CONFIDENCE_CAP = 30;
/** Years counted as recent for the entry trend (the latest dated year and the two before it). */
export const RECENT_YEARS = 3;

export type RubricInputs = {
  companies: Evidence[];
  active: Evidence[];
  failed: Evidence[];
  recentCompanies: Evidence[];
  directoryRecent: Evidence | null;
  directoryTotal: Evidence | null;
  activity: Evidence | null;
  /** The people whose work the product does, employed by the segment's industry. */
  segmentWorkers: Evidence | null;
  /** The segment's establishments: how many businesses could buy. */
  establishments: Evidence | null;
  employment: Evidence | null;
  growth: Evidence | null;
  hotTech: Evidence[];
  risks: Evidence[];
  queryMatch: Evidence | null;
  cellMatch: Evidence | null;
  marketInterest: Evidence | null;
  occupationMatch: Evidence | null;
  corpusKind: Evidence | null;
};

function num(e: Evidence | null): number {
  return e && typeof e.value === 'number' ? e.value : 0;
}
const clamp = (v: number): number => Math.min(1, Math.max(0, v));
const r3 = (v: number): number => Math.round(v * 1000) / 1000;

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

function factor(
  key: string,
  label: string,
  value: number,
  weight: number,
  scale: number,
  evidence: Evidence[],
  explanation: string,
): ScoreFactor {
  return {
    key,
    label,
    value: r3(value),
    weight,
    contribution: r3(r3(value) * weight * scale),
    evidenceIds: evidence.map((e) => e.id),
    explanation,
  };
}

function total(factors: ScoreFactor[]): number {
  return factors.reduce((sum, f) => sum + f.contribution, 0);
}

export type RubricScores = {
  opportunityScore: number;
  innovationScore: number;
  marketSize: number;
  feasibility: number;
  confidenceScore: number;
  marketPotential: MarketPotential;
  priority: 'high' | 'medium' | 'low';
  relevance: number;
  breakdown: Record<
    | 'opportunityScore'
    | 'innovationScore'
    | 'marketSize'
    | 'feasibility'
    | 'confidenceScore'
    | 'marketPotential'
    | 'priority',
    ScoreBreakdown
  >;
};

export function scoreEvidence(evidence: readonly Evidence[]): RubricScores {
  const x = rubricInputs(evidence);
  const n = x.companies.length;
  // People: those doing the job's work activity, else the workers the segment employs, else the
  // cited occupation nationally. Businesses: the segment's establishments. Both, when known, count half each.
  const demand = x.activity ?? x.segmentWorkers ?? x.employment;
  const employmentPersons = num(demand) * 1000;
  const peopleSize = employmentPersons > 0 ? clamp((Math.log10(employmentPersons) - 3) / 4) : 0;
  const establishmentCount = num(x.establishments);
  const businessSize = establishmentCount > 0 ? clamp((Math.log10(establishmentCount) - 2) / 4) : 0;
  const demandSize =
    establishmentCount > 0
      ? employmentPersons > 0
        ? 0.5 * peopleSize + 0.5 * businessSize
        : businessSize
      : peopleSize;
  const demandBasis = [demand, establishmentCount > 0 ? x.establishments : null].filter(
    (e): e is Evidence => e !== null,
  );
  const demandFormula =
    'clamp((log10(employment) − 3) / 4): 1,000 people → 0, 10 million → 1; with establishments, averaged with clamp((log10(establishments) − 2) / 4): 100 → 0, 1 million → 1';
  const demandGrowth = x.growth ? clamp((num(x.growth) + 5) / 25) : 0;
  const founderInterest = clamp(n / 15);
  // Saturating, so each further active competitor still lowers satisfaction a little.
  const activeDensity = 1 - Math.exp(-x.active.length / 5);
  // Interest in the whole market (all companies matching the query), log scale: a property of the
  // market, not of this cell, so removing one company from a cell barely moves importance.
  const marketInterest = clamp(Math.log10(1 + num(x.marketInterest)) / 2);
  // Hot technologies weigh fully, other listed products half: both are supply, the former proven in demand.
  const hot = x.hotTech.filter((e) => e.note.includes('Hot Technology')).length;
  const incumbents = clamp((hot + 0.5 * (x.hotTech.length - hot)) / 5);
  const failureShare = n > 0 ? x.failed.length / n : 0;
  const activeShare = n > 0 ? x.active.length / n : 0.5;
  const directoryShare = num(x.directoryTotal) > 0 ? num(x.directoryRecent) / num(x.directoryTotal) : 0;
  const cellShare = n > 0 ? x.recentCompanies.length / n : 0;
  const entryTrend = directoryShare > 0 ? clamp(cellShare / directoryShare / 2) : 0;
  const riskLoad = clamp(x.risks.length / 3);
  const queryFit = clamp(num(x.queryMatch));
  const occupationFit = x.employment ? clamp(num(x.occupationMatch)) : 0;
  const isFull = x.corpusKind?.value === 'full';
  const demandEvidence = [x.employment, x.growth].filter((e): e is Evidence => e !== null);

  const importanceFactors = [
    factor(
      'demandSize',
      `${
        x.activity
          ? "Demand size (U.S. employment doing the job's work activity"
          : x.segmentWorkers
            ? "Demand size (the workers the customers' industry employs"
            : demand
              ? 'Demand size (U.S. employment in the matched occupation'
              : 'Demand size (no people counted'
      }${establishmentCount > 0 ? ', and its establishments' : ''}, log scale)`,
      demandSize,
      0.45,
      10,
      demandBasis,
      demandFormula,
    ),
    factor(
      'demandGrowth',
      'Projected employment growth 2023–2033',
      demandGrowth,
      0.25,
      10,
      x.growth ? [x.growth] : [],
      'clamp((percent change + 5) / 25): −5 % → 0, +20 % → 1',
    ),
    factor(
      'marketInterest',
      'Founders drawn to this market (companies matching the query, log scale)',
      marketInterest,
      0.3,
      10,
      x.marketInterest ? [x.marketInterest] : [],
      'clamp(log10(1 + companies) / 2): 99 companies → 1',
    ),
  ];
  const importance = total(importanceFactors);
  const satisfactionFactors = [
    factor(
      'activeDensity',
      'Active competitors',
      activeDensity,
      0.7,
      10,
      x.active,
      '1 − exp(−active or public companies / 5)',
    ),
    factor(
      'incumbentSoftware',
      'Software already used in this work (O*NET)',
      incumbents,
      0.3,
      10,
      x.hotTech,
      'min((hot technologies + ½ × other products) / 5, 1)',
    ),
  ];
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

  const innovationFactors = [
    factor(
      'whiteSpace',
      'White space (1 − competitor density)',
      1 - founderInterest,
      0.45,
      100,
      x.companies,
      '1 − min(companies / 15, 1)',
    ),
    factor(
      'entryTrend',
      'Entry trend (recent share of entries vs the directory, normalised by batch size)',
      entryTrend,
      0.35,
      100,
      [...x.recentCompanies, ...[x.directoryRecent, x.directoryTotal].filter((e): e is Evidence => e !== null)],
      `clamp((recent entries ${x.recentCompanies.length} / ${n}) / (directory recent share ${r3(directoryShare)}) / 2)`,
    ),
    factor(
      'softwareGap',
      'Few incumbent tools (1 − incumbents)',
      1 - incumbents,
      0.2,
      100,
      x.hotTech,
      '1 − min((hot technologies + ½ × other products) / 5, 1)',
    ),
  ];
  const feasibilityFactors = [
    factor(
      'lowRisk',
      'Structural risk (hardware, regulated, two-sided marketplace)',
      1 - riskLoad,
      0.5,
      100,
      x.risks,
      '1 − flags carried by at least a third of the competitors / 3',
    ),
    factor(
      'survival',
      'Survival (1 − share shut down; acquisitions are exits)',
      1 - failureShare,
      0.3,
      100,
      x.failed,
      `1 − ${x.failed.length} / ${n}`,
    ),
    factor(
      'buildable',
      'Share of attempts still operating (0.5 when none)',
      activeShare,
      0.2,
      100,
      x.active,
      n > 0 ? `${x.active.length} / ${n}` : 'no companies: neutral 0.5',
    ),
  ];
  const sizeFactors = [
    factor(
      'demandSize',
      'Demand size (log employment and establishments)',
      demandSize,
      0.55,
      100,
      demandBasis,
      demandFormula,
    ),
    factor(
      'demandGrowth',
      'Projected growth 2023–2033',
      demandGrowth,
      0.25,
      100,
      x.growth ? [x.growth] : [],
      'clamp((percent change + 5) / 25)',
    ),
    factor('founderInterest', 'Founder interest', founderInterest, 0.2, 100, x.companies, 'min(companies / 15, 1)'),
  ];
  const confidenceFactors = [
    factor('evidenceDepth', 'Companies behind the cell', clamp(n / 8), 0.35, 100, x.companies, 'min(companies / 8, 1)'),
    factor(
      'queryFit',
      'How well the cell matches the query',
      queryFit,
      0.25,
      100,
      x.queryMatch ? [x.queryMatch] : [],
      'mean share of the query words the companies match',
    ),
    factor(
      'demandFit',
      'How well the demand occupation matches',
      occupationFit,
      0.25,
      100,
      [x.occupationMatch, ...demandEvidence].filter((e): e is Evidence => e !== null),
      'share of the query words the occupation matches (0 without demand figures)',
    ),
    factor(
      'corpus',
      'Full public datasets (not the seed sample)',
      isFull ? 1 : 0,
      0.15,
      100,
      x.corpusKind ? [x.corpusKind] : [],
      '1 on the full datasets, 0 on the seed corpus',
    ),
  ];

  const innovationScore = Math.round(total(innovationFactors));
  const feasibility = Math.round(total(feasibilityFactors));
  const marketSize = Math.round(total(sizeFactors));
  const rawConfidence = Math.round(total(confidenceFactors));
  const confidenceScore = isFull ? rawConfidence : Math.min(rawConfidence, SEED_CONFIDENCE_CAP);
  const oppPercent = opportunityScore;
  const potentialFactors = [
    factor('marketSize', 'Market size score', marketSize / 100, 0.5, 100, [], 'marketSize / 100'),
    factor('opportunity', 'Opportunity score (of 100)', opportunityScore / 100, 0.5, 100, [], 'opportunityScore / 100'),
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
      marketSize: { score: marketSize, formula: 'round(Σ value × weight × 100)', factors: sizeFactors },
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
