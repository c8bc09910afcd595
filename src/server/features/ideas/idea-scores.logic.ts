import type { Evidence, GapAnalysis, Opportunity } from '#shared/engine/analysis.schemas.ts';
import { SCORE_LABELS, type IdeaScore, type IdeaValidation, type ScoreKey } from '#shared/ideas/ideas.schemas.ts';
import type { MarketSizeInputs } from '#shared/ideas/market-size.ts';
import { clamp01, factor, round3, total } from './score-math.logic.ts';
import { credibility, type IdeaNumbers } from './idea-credibility.logic.ts';

// The five scores of an idea, computed from the engine's analysis of the idea's market: the same
// retrieval, occupations and companies a search uses. Pure: the same analysis and numbers give the
// same scores. Every score is 0–100 and higher is better for the idea (competition 100 = an open field).

/** Weights of the overall score (the four others, each 0–100). */
export const OVERALL_WEIGHTS = { marketGap: 0.3, competition: 0.25, originality: 0.2, credibility: 0.25 } as const;
/** Companies that make a crowded field for originality (log scale: 20 companies → fully crowded). */
const CROWDED = 20;

/** The opportunity closest to the idea: highest relevance, then the engine's own rank. */
export function bestMatch(analysis: GapAnalysis): Opportunity | null {
  const sorted = [...analysis.opportunities].sort((a, b) => b.relevance - a.relevance || a.rank - b.rank);
  return sorted[0] ?? null;
}

const byId = (o: Opportunity, id: string): Evidence | undefined => o.evidence.find((e) => e.id === id);
const numeric = (e: Evidence | undefined): number | null => (typeof e?.value === 'number' ? e.value : null);

type Competitor = {
  name: string;
  status: string | undefined;
  evidenceId: string | undefined;
  date: string | undefined;
};

function competitorsOf(analysis: GapAnalysis): Competitor[] {
  const seen = new Map<string, Competitor>();
  for (const o of analysis.opportunities) {
    for (const c of o.competitors) {
      const key = c.evidenceId ?? c.name;
      if (seen.has(key)) continue;
      const e = c.evidenceId ? byId(o, c.evidenceId) : undefined;
      seen.set(key, { name: c.name, status: c.status, evidenceId: c.evidenceId, date: e?.date });
    }
  }
  return [...seen.values()];
}

const ids = (list: readonly { evidenceId?: string | undefined }[]): string[] =>
  list.flatMap((c) => (c.evidenceId ? [c.evidenceId] : []));

function originality(best: Opportunity, competitors: Competitor[]): IdeaScore {
  const closeness = best.competitors.length > 0 ? clamp01(numeric(byId(best, 'match:query')) ?? 0) : 0;
  const crowd = clamp01(Math.log10(1 + competitors.length) / Math.log10(1 + CROWDED));
  const nearest = best.competitors[0]?.name ?? null;
  const factors = [
    factor({
      key: 'distance',
      label: 'Distance from the closest companies (meaning and words)',
      value: 1 - closeness,
      weight: 0.7,
      evidenceIds: ['match:query', ...ids(best.competitors)],
      explanation: `1 − closeness ${round3(closeness)} (mean relevance of the ${best.competitors.length} companies nearest to the idea${nearest ? `, first ${nearest}` : ''})`,
    }),
    factor({
      key: 'uncrowded',
      label: 'Few companies anywhere near the idea',
      value: 1 - crowd,
      weight: 0.3,
      evidenceIds: ids(competitors),
      explanation: `1 − log10(1 + ${competitors.length} companies) ÷ log10(1 + ${CROWDED})`,
    }),
  ];
  return {
    key: 'originality',
    label: SCORE_LABELS.originality,
    score: total(factors),
    formula: '100 × (0.7 × (1 − closeness of the nearest companies) + 0.3 × (1 − crowding))',
    factors,
    whatWouldChange: nearest
      ? `A clearer difference from ${nearest}, the closest company by meaning, would raise it; more companies doing the same thing would lower it.`
      : 'Companies found doing the same thing would lower it.',
    missing: null,
  };
}

function competition(best: Opportunity, competitors: Competitor[], analysis: GapAnalysis): IdeaScore {
  const active = competitors.filter((c) => c.status === 'Active');
  const recentRef = byId(best, 'directory:recent')?.ref ?? '';
  const firstRecent = /^(\d{4})-/.exec(recentRef)?.[1] ?? null;
  const recent = firstRecent ? competitors.filter((c) => c.date !== undefined && c.date >= firstRecent) : [];
  const incumbents = best.evidence.filter((e) => /^onet:[^:]+:tech:/.test(e.id));
  const interest = numeric(byId(best, 'market:interest')) ?? 0;
  const pressure = {
    active: clamp01(active.length / 5),
    recent: clamp01(recent.length / 3),
    incumbents: clamp01(incumbents.length / 5),
    interest: clamp01(Math.log10(1 + interest) / 2),
  };
  const factors = [
    factor({
      key: 'active',
      label: 'Active companies serving this customer and job',
      value: 1 - pressure.active,
      weight: 0.35,
      evidenceIds: ids(active),
      explanation: `1 − min(1, ${active.length} active ÷ 5)`,
    }),
    factor({
      key: 'recent',
      label: `Companies started since ${firstRecent ?? 'the last three years'}`,
      value: 1 - pressure.recent,
      weight: 0.2,
      evidenceIds: [...ids(recent), 'directory:recent'],
      explanation: `1 − min(1, ${recent.length} recent ÷ 3)`,
    }),
    factor({
      key: 'incumbents',
      label: 'Software O*NET says this work already uses',
      value: 1 - pressure.incumbents,
      weight: 0.25,
      evidenceIds: incumbents.map((e) => e.id),
      explanation: `1 − min(1, ${incumbents.length} products ÷ 5)${incumbents.length ? `: ${incumbents.map((e) => String(e.value)).join(', ')}` : ''}`,
    }),
    factor({
      key: 'interest',
      label: "Founders drawn to this market (companies matching the idea's market)",
      value: 1 - pressure.interest,
      weight: 0.2,
      evidenceIds: ['market:interest'],
      explanation: `1 − min(1, log10(1 + ${interest}) ÷ 2)`,
    }),
  ];
  const strongest = incumbents[0] ? String(incumbents[0].value) : (active[0]?.name ?? null);
  return {
    key: 'competition',
    label: SCORE_LABELS.competition,
    score: total(factors),
    formula:
      '100 × (1 − pressure), pressure = 0.35 active + 0.2 recent + 0.25 incumbent software + 0.2 founder interest',
    factors,
    whatWouldChange: strongest
      ? `Evidence that ${strongest} does not do this job for this customer would raise it; new entrants in the data would lower it.`
      : 'New companies or incumbent software found for this job would lower it.',
    missing: analysis.corpus.kind === 'seed' ? 'Counted in the seed corpus, a small sample of the directory.' : null,
  };
}

function marketGap(best: Opportunity): IdeaScore {
  const b = best.breakdown.opportunityScore;
  const factors = b.factors.map((f) => ({ ...f }));
  return {
    key: 'marketGap',
    label: SCORE_LABELS.marketGap,
    score: Math.round(Math.min(100, Math.max(0, b.score))),
    formula: `The best-matching opportunity's score ("${best.title}"): ${b.formula}`,
    factors,
    whatWouldChange:
      'More people doing this work (BLS employment), faster projected growth, or fewer companies satisfying the need would raise it.',
    missing: null,
  };
}

function overall(parts: IdeaScore[]): IdeaScore {
  const factors = parts.map((p) => {
    const weight = OVERALL_WEIGHTS[p.key as keyof typeof OVERALL_WEIGHTS];
    return factor(
      {
        key: p.key,
        label: p.label,
        value: (p.score ?? 0) / 100,
        weight,
        evidenceIds: [...new Set(p.factors.flatMap((f) => f.evidenceIds))],
        explanation: `${p.label} ${p.score ?? 0} × ${weight}`,
      },
      100,
    );
  });
  const weakest = [...parts].sort((a, b) => (a.score ?? 0) - (b.score ?? 0))[0];
  return {
    key: 'overall',
    label: SCORE_LABELS.overall,
    score: total(factors),
    formula: '0.3 market gap + 0.25 competition + 0.2 originality + 0.25 credibility',
    factors,
    whatWouldChange: weakest ? `Its weakest part is ${weakest.label.toLowerCase()}: ${weakest.whatWouldChange}` : '',
    missing: null,
  };
}

function insufficient(reason: string): IdeaScore[] {
  return (['originality', 'credibility', 'marketGap', 'competition', 'overall'] as ScoreKey[]).map((key) => ({
    key,
    label: SCORE_LABELS[key],
    score: null,
    formula: 'insufficient data',
    factors: [],
    whatWouldChange:
      'Describe the market in the words of its customers and their work (an occupation or industry the data names), or run on the full datasets.',
    missing: reason,
  }));
}

/** The stored validation: scores with factors, the evidence they cite, and what the engine searched. */
export function scoreIdea(options: {
  analysis: GapAnalysis;
  /** The opportunity the idea is scored on (the one about its customer); default: the analysis's best match. */
  best?: Opportunity | null;
  numbers: IdeaNumbers;
  /** The market size's inputs (reachable customers, price): what the revenue is compared with. */
  market: MarketSizeInputs | null;
  validatedAt: Date;
}): IdeaValidation {
  const { analysis, numbers, market, validatedAt } = options;
  const best = options.best === undefined ? bestMatch(analysis) : options.best;
  const meta = {
    query: analysis.query,
    corpus: { version: analysis.corpus.version, kind: analysis.corpus.kind },
    rubricVersion: analysis.rubricVersion,
    semantic: analysis.retrieval.semantic,
    warnings: analysis.warnings,
    validatedAt: validatedAt.toISOString(),
  };
  if (analysis.status === 'insufficient_data' || !best) {
    const reason = analysis.reason ?? 'The engine found no opportunity for this market.';
    return {
      ...meta,
      status: 'insufficient_data',
      reason,
      bestOpportunity: null,
      scores: insufficient(reason),
      evidence: [],
    };
  }
  const competitors = competitorsOf(analysis);
  const parts = [
    originality(best, competitors),
    credibility(best, numbers, market),
    marketGap(best),
    competition(best, competitors, analysis),
  ];
  const scores = [...parts, overall(parts)];
  const cited = new Set(scores.flatMap((s) => s.factors.flatMap((f) => f.evidenceIds)));
  const all = new Map<string, Evidence>();
  for (const o of analysis.opportunities) for (const e of o.evidence) if (!all.has(e.id)) all.set(e.id, e);
  // The best match's own evidence wins for ids every opportunity carries (match:query, market:interest…).
  for (const e of best.evidence) all.set(e.id, e);
  return {
    ...meta,
    status: 'ok',
    reason: null,
    bestOpportunity: {
      title: best.title,
      opportunityScore: best.opportunityScore,
      relevance: best.relevance,
      kind: best.cell.kind ?? null,
    },
    scores,
    // Demand evidence is kept whole (occupations, their figures, the customers' industry): the market
    // size cites it even when no score does.
    evidence: [...all.values()].filter((e) => cited.has(e.id) || /^(onet|bls|industry):/.test(e.id)),
  };
}
