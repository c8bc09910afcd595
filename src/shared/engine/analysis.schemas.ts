import { z } from 'zod';
import { CATEGORIES, MARKET_POTENTIALS, searchFiltersSchema } from '../searches/filters.schemas.ts';

// The gap engine's output contract. Every number in an opportunity is computed by the engine from
// the evidence listed beside it; the breakdown says how.

export const EVIDENCE_SOURCES = [
  'yc',
  'onet',
  'bls',
  'staffing',
  'census',
  'naics',
  'wordnet',
  'vocabulary',
  'seed',
] as const;
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number];

export const SOURCE_ATTRIBUTION: Record<EvidenceSource, { label: string; attribution: string; url: string }> = {
  yc: {
    label: 'Y Combinator directory',
    attribution: 'Source: Y Combinator directory',
    url: 'https://www.ycombinator.com/companies',
  },
  onet: {
    label: 'O*NET 29.3',
    attribution:
      'O*NET 29.3 Database by the U.S. Department of Labor, Employment and Training Administration (CC BY 4.0)',
    url: 'https://www.onetcenter.org/database.html',
  },
  bls: {
    label: 'BLS Employment Projections 2023–2033',
    attribution: 'U.S. Bureau of Labor Statistics, Employment Projections 2023–2033 (public domain)',
    url: 'https://www.bls.gov/emp/',
  },
  staffing: {
    label: 'BLS National Employment Matrix 2018–2028',
    attribution:
      'U.S. Bureau of Labor Statistics, National Employment Matrix 2018–2028: employment by industry and occupation (public domain)',
    url: 'https://www.bls.gov/emp/tables/industry-occupation-matrix-industry.htm',
  },
  census: {
    label: 'Census County Business Patterns 2021',
    attribution: 'U.S. Census Bureau, County Business Patterns 2021: establishments by industry (public domain)',
    url: 'https://www.census.gov/programs-surveys/cbp.html',
  },
  naics: {
    label: 'NAICS 2017',
    attribution: 'North American Industry Classification System 2017, U.S. Census Bureau',
    url: 'https://www.census.gov/naics/',
  },
  wordnet: {
    label: 'WordNet 3.1',
    attribution: 'WordNet 3.1, Princeton University',
    url: 'https://wordnet.princeton.edu/',
  },
  vocabulary: {
    label: 'Unbuilt market vocabulary',
    attribution:
      "Unbuilt market vocabulary (written by Unbuilt's team: a founder's words for a need mapped to the words startups use for the category)",
    url: '/documentation#method',
  },
  seed: {
    label: 'Unbuilt seed corpus',
    attribution: 'Unbuilt seed corpus (a small sample written for offline use; each entry names its public source)',
    url: 'https://github.com/',
  },
};

export const evidenceSchema = z.object({
  id: z.string(),
  source: z.enum(EVIDENCE_SOURCES),
  /** Stable reference inside the source: company slug, SOC code, NAICS code… */
  ref: z.string(),
  value: z.union([z.number(), z.string(), z.null()]),
  note: z.string(),
  url: z.string().optional(),
  /** ISO date the evidence is about (e.g. a company's launch), when known. */
  date: z.string().optional(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const competitorSchema = z.object({
  name: z.string(),
  url: z.string().optional(),
  status: z.string().optional(),
  batch: z.string().optional(),
  /** People on the team, as the directory says: with closeness, it orders the core list (ADR 054). */
  teamSize: z.number().int().nonnegative().optional(),
  oneLiner: z.string().optional(),
  source: z.enum(EVIDENCE_SOURCES).or(z.literal('llm')),
  verified: z.boolean(),
  evidenceId: z.string().optional(),
  /** Why the engine counts it as a competitor: the sentence of its own text and the query words in it. */
  match: z
    .object({
      sentence: z.string(),
      words: z.array(z.string()),
      by: z.enum(['meaning', 'words', 'meaning and words']),
    })
    .optional(),
});
export type Competitor = z.infer<typeof competitorSchema>;

export const scoreFactorSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  weight: z.number(),
  contribution: z.number(),
  evidenceIds: z.array(z.string()),
  explanation: z.string(),
});
export type ScoreFactor = z.infer<typeof scoreFactorSchema>;

export const scoreBreakdownSchema = z.object({
  score: z.number(),
  formula: z.string(),
  factors: z.array(scoreFactorSchema),
});
export type ScoreBreakdown = z.infer<typeof scoreBreakdownSchema>;
/** The market-size breakdown: its score is null when no public count says who buys ("not sized"), never 0. */
export const sizeBreakdownSchema = scoreBreakdownSchema.extend({ score: z.number().nullable() });
export type SizeBreakdown = z.infer<typeof sizeBreakdownSchema>;

const score100 = z.number().int().min(0).max(100);

/** The text fields a composer (offline or LLM) writes; numbers never come from here. */
export const composedTextSchema = z.object({
  title: z.string().min(3).max(200),
  description: z.string().min(10).max(2000),
  gapReason: z.string().min(10).max(2000),
  competitorAnalysis: z.string().min(10).max(3000),
  industryContext: z.string().min(10).max(2000),
  targetAudience: z.string().min(3).max(1000),
  actionableRecommendations: z.array(z.string().min(3).max(500)).min(1).max(8),
  keyTrends: z.array(z.string().min(3).max(300)).min(1).max(8),
});
export type ComposedText = z.infer<typeof composedTextSchema>;

export const opportunitySchema = composedTextSchema.extend({
  rank: z.number().int().min(1),
  category: z.enum(CATEGORIES),
  innovationScore: score100,
  /** Null when the opportunity's evidence counts no people or businesses who buy: "not sized", never scored small. */
  marketSize: score100.nullable(),
  feasibility: score100,
  marketPotential: z.enum(MARKET_POTENTIALS),
  confidenceScore: score100,
  priority: z.enum(['high', 'medium', 'low']),
  opportunityScore: z.number().min(0),
  relevance: z.number().min(0).max(1),
  /** Most recent evidence date in this cell (ISO), used by sortBy=date. */
  latestEvidenceDate: z.string().nullable(),
  /** What the opportunity is: the query's own need (core), the same need for a neighbouring kind of customer (adjacent), or a job to be done for its customer. */
  cell: z.object({ offering: z.string(), segment: z.string(), kind: z.enum(['core', 'adjacent', 'job']).optional() }),
  competitors: z.array(competitorSchema),
  evidence: z.array(evidenceSchema),
  breakdown: z.object({
    opportunityScore: scoreBreakdownSchema,
    innovationScore: scoreBreakdownSchema,
    marketSize: sizeBreakdownSchema,
    feasibility: scoreBreakdownSchema,
    confidenceScore: scoreBreakdownSchema,
    marketPotential: scoreBreakdownSchema,
    priority: scoreBreakdownSchema,
  }),
  riskFlags: z.array(z.string()),
  /** Who wrote the text fields: the LLM or the offline composer (numbers are always the engine's). */
  composedBy: z.enum(['offline', 'llm']).optional(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

export const ANALYSIS_STATUSES = ['ok', 'insufficient_data'] as const;
export const COMPOSER_MODES = ['offline', 'llm', 'offline_fallback'] as const;

export const gapAnalysisSchema = z.object({
  query: z.string(),
  filters: searchFiltersSchema,
  status: z.enum(ANALYSIS_STATUSES),
  /** Why the data cannot support an answer (only with insufficient_data). */
  reason: z.string().nullable(),
  engine: z.enum(['offline', 'llm']),
  composer: z.object({
    mode: z.enum(COMPOSER_MODES),
    model: z.string().nullable(),
    error: z.string().nullable(),
    tokensUsed: z.number().int().nullable(),
  }),
  corpus: z.object({
    version: z.string(),
    kind: z.enum(['full', 'seed']),
    sources: z.array(z.enum(EVIDENCE_SOURCES)),
  }),
  rubricVersion: z.string(),
  retrieval: z.object({ semantic: z.boolean(), note: z.string().nullable() }),
  facets: z.object({
    offering: z.array(z.string()),
    segment: z.array(z.string()),
    keywords: z.array(z.string()),
  }),
  opportunities: z.array(opportunitySchema).max(8),
  warnings: z.array(z.string()),
});
export type GapAnalysis = z.infer<typeof gapAnalysisSchema>;

/** Progress stages the search overlay shows (real stages of the pipeline). */
export const ANALYSIS_STAGES = ['parsing', 'retrieving', 'scoring', 'writing'] as const;
export type AnalysisStage = (typeof ANALYSIS_STAGES)[number];
export const ANALYSIS_STAGE_LABELS: Record<AnalysisStage, string> = {
  parsing: 'Parsing your query',
  retrieving: 'Retrieving evidence',
  scoring: 'Scoring opportunities',
  writing: 'Writing the analysis',
};
