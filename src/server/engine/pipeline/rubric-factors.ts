import type { Evidence, ScoreFactor } from '#shared/engine/analysis.schemas.ts';

// The rubric's factors (rubric.ts combines them into scores): the measures taken from an opportunity's
// evidence, and each score's list of weighted factors, every one naming the evidence it reads.

export type RubricInputs = {
  companies: Evidence[];
  /** How many companies pass the opportunity's bar, listed or not (absent from analyses stored before it). */
  competitors: Evidence | null;
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

export function num(e: Evidence | null): number {
  return e && typeof e.value === 'number' ? e.value : 0;
}
export const clamp = (v: number): number => Math.min(1, Math.max(0, v));
export const r3 = (v: number): number => Math.round(v * 1000) / 1000;

export function factor(
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

export function total(factors: ScoreFactor[]): number {
  return factors.reduce((sum, f) => sum + f.contribution, 0);
}

/** The numbers the factors are made of, each from the rubric inputs alone. */
export function rubricMeasures(x: RubricInputs) {
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
  // Sized: the evidence counts people or businesses who buy. Otherwise (a consumer market, or a customer
  // the data does not name) the size is not known, which is not the same as small.
  const demandSized = demandBasis.length > 0;
  const demandFormula =
    'clamp((log10(employment) − 3) / 4): 1,000 people → 0, 10 million → 1; with establishments, averaged with clamp((log10(establishments) − 2) / 4): 100 → 0, 1 million → 1';
  const demandGrowth = x.growth ? clamp((num(x.growth) + 5) / 25) : 0;
  // Density counts every company that passes the bar, not only the listed ones (at most 8, which would
  // keep white space above 0.47 in any market).
  const competing = Math.max(n, num(x.competitors));
  const founderInterest = clamp(competing / 15);
  const densityEvidence = x.competitors ? [...x.companies, x.competitors] : x.companies;
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
  return {
    n,
    demand,
    employmentPersons,
    peopleSize,
    establishmentCount,
    businessSize,
    demandSize,
    demandBasis,
    demandSized,
    demandFormula,
    demandGrowth,
    competing,
    founderInterest,
    densityEvidence,
    activeDensity,
    marketInterest,
    hot,
    incumbents,
    failureShare,
    activeShare,
    directoryShare,
    cellShare,
    entryTrend,
    riskLoad,
    queryFit,
    occupationFit,
    isFull,
    demandEvidence,
  };
}

export type RubricMeasures = ReturnType<typeof rubricMeasures>;

/** Importance weights: demand size, its growth, and founders drawn to the market. */
const IMPORTANCE_WEIGHTS = { demandSize: 0.45, demandGrowth: 0.25, marketInterest: 0.3 };

/**
 * Importance (0–10): how many people the need reaches, its growth, and founders drawn to the market.
 * When no people or businesses are counted, demand and its growth are not measured rather than zero:
 * they weigh nothing and market interest carries the whole weight, so an unsized market is not scored
 * as a small one.
 */
export function importanceFactorList(x: RubricInputs, m: RubricMeasures): ScoreFactor[] {
  const { demand, establishmentCount, demandSize, demandBasis, demandFormula, demandGrowth, marketInterest } = m;
  if (!m.demandSized) {
    return [
      factor(
        'demandSize',
        'Demand size: not sized (no public count of the people or businesses who buy; not scored as small)',
        0,
        0,
        10,
        [],
        'not measured: weight 0, its weight moved to market interest',
      ),
      factor(
        'marketInterest',
        'Founders drawn to this market (companies matching the query, log scale; the whole weight, as demand is not sized)',
        marketInterest,
        1,
        10,
        x.marketInterest ? [x.marketInterest] : [],
        'clamp(log10(1 + companies) / 2): 99 companies → 1',
      ),
    ];
  }
  const w = IMPORTANCE_WEIGHTS;
  return [
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
      w.demandSize,
      10,
      demandBasis,
      demandFormula,
    ),
    factor(
      'demandGrowth',
      'Projected employment growth 2023–2033',
      demandGrowth,
      w.demandGrowth,
      10,
      x.growth ? [x.growth] : [],
      'clamp((percent change + 5) / 25): −5 % → 0, +20 % → 1',
    ),
    factor(
      'marketInterest',
      'Founders drawn to this market (companies matching the query, log scale)',
      marketInterest,
      w.marketInterest,
      10,
      x.marketInterest ? [x.marketInterest] : [],
      'clamp(log10(1 + companies) / 2): 99 companies → 1',
    ),
  ];
}

/** Satisfaction (0–10): how well competitors and incumbent software already serve the need. */
export function satisfactionFactorList(x: RubricInputs, m: RubricMeasures): ScoreFactor[] {
  const { activeDensity, incumbents } = m;
  return [
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
}

/** Innovation score factors (0–100). */
export function innovationFactorList(x: RubricInputs, m: RubricMeasures): ScoreFactor[] {
  const { n, founderInterest, densityEvidence, incumbents, directoryShare, entryTrend } = m;
  return [
    factor(
      'whiteSpace',
      'White space (1 − competitor density)',
      1 - founderInterest,
      0.45,
      100,
      densityEvidence,
      '1 − min(companies passing the bar / 15, 1)',
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
}

/** Feasibility score factors (0–100). */
export function feasibilityFactorList(x: RubricInputs, m: RubricMeasures): ScoreFactor[] {
  const { n, failureShare, activeShare, riskLoad } = m;
  return [
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
}

/** Market size score factors (0–100). */
export function sizeFactorList(x: RubricInputs, m: RubricMeasures): ScoreFactor[] {
  const { demandSize, demandBasis, demandFormula, demandGrowth, founderInterest } = m;
  return [
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
    factor(
      'founderInterest',
      'Founder interest',
      founderInterest,
      0.2,
      100,
      m.densityEvidence,
      'min(companies passing the bar / 15, 1)',
    ),
  ];
}

/** Confidence score factors (0–100, before the seed corpus cap). */
export function confidenceFactorList(x: RubricInputs, m: RubricMeasures): ScoreFactor[] {
  const { n, queryFit, occupationFit, isFull, demandEvidence } = m;
  return [
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
}
