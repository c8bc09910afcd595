import { z } from 'zod';
import { idSchema } from '#shared/api/params.schemas.ts';
import { CLIENT_EVENT_TYPES } from './analytics.constants.ts';

// /api/analytics: the user's own analytics (from their stored searches and results), their product
// analytics events (count, delete), and the Pro/Enterprise comparison, drift and CSV export.

export const SCORE_BUCKET_SIZE = 10;
export const DASHBOARD_MONTHS = 12;
export const TOP_MARKETS = 10;
export const MIN_COMPARE = 2;
export const MAX_COMPARE = 4;

export const analyticsDashboardSchema = z.object({
  totals: z.object({
    searches: z.number().int(),
    opportunities: z.number().int(),
    saved: z.number().int(),
  }),
  /** Searches per calendar month (UTC), the last DASHBOARD_MONTHS months, oldest first. */
  searchesByMonth: z.array(z.object({ month: z.string(), searches: z.number().int() })),
  /** Opportunities found and saved per category. */
  categories: z.array(z.object({ category: z.string(), found: z.number().int(), saved: z.number().int() })),
  /**
   * Markets explored: the user's own queries (the same words in any case or spacing are one), most
   * searched first, each with its latest search (issue 29: not the single words the engine parsed).
   */
  markets: z.array(z.object({ query: z.string(), searches: z.number().int(), searchId: z.number().int() })),
  /** Favourite markets: the queries of searches marked as favourite, most recent first. */
  favourites: z.array(z.object({ searchId: z.number().int(), query: z.string() })),
  /** Opportunity scores (0–100) of everything found, in buckets of SCORE_BUCKET_SIZE. */
  scoreDistribution: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
  advanced: z.boolean(),
});
export type AnalyticsDashboardDto = z.infer<typeof analyticsDashboardSchema>;

export const analyticsEventsSummarySchema = z.object({
  events: z.number().int(),
  oldest: z.iso.datetime().nullable(),
  optedOut: z.boolean(),
  retentionMonths: z.number().int(),
});
export type AnalyticsEventsSummaryDto = z.infer<typeof analyticsEventsSummarySchema>;

export const analyticsEventsDeletedSchema = z.object({ deleted: z.number().int() });

export const clientEventBodySchema = z.strictObject({
  type: z.enum(CLIENT_EVENT_TYPES, { message: 'Unknown event' }),
  source: z.enum(['subscribe-page', 'upgrade-dialog', 'upgrade-prompt']).optional(),
});
export const clientEventRecordedSchema = z.object({ recorded: z.boolean() });

export const compareQuerySchema = z.strictObject({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((x) => x.trim()) : v),
    z
      .array(idSchema)
      .min(MIN_COMPARE, `Pick at least ${MIN_COMPARE} analyses`)
      .max(MAX_COMPARE, `Pick at most ${MAX_COMPARE} analyses`)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'Each analysis only once' }),
  ),
});

const scores = z.object({
  opportunity: z.number(),
  innovation: z.number(),
  /** Over the sized opportunities; null when none is sized. */
  marketSize: z.number().nullable(),
  feasibility: z.number(),
});

export const comparedAnalysisSchema = z.object({
  id: z.number().int(),
  query: z.string(),
  timestamp: z.iso.datetime(),
  corpusVersion: z.string(),
  opportunities: z.number().int(),
  /** Best and average scores over the analysis's opportunities; null when it found none. */
  best: scores.nullable(),
  average: scores.nullable(),
  competitors: z.array(z.string()),
  /** Oldest and newest evidence date cited by its opportunities. */
  evidenceFrom: z.string().nullable(),
  evidenceTo: z.string().nullable(),
});

export const comparisonSchema = z.object({
  analyses: z.array(comparedAnalysisSchema),
  /** Competitors named by at least two of the analyses, with how many. */
  competitorsInCommon: z.array(z.object({ name: z.string(), analyses: z.number().int() })),
});
export type ComparisonDto = z.infer<typeof comparisonSchema>;

export const driftQuerySchema = z.strictObject({ searchId: idSchema });

const runSchema = z.object({
  id: z.number().int(),
  timestamp: z.iso.datetime(),
  corpusVersion: z.string(),
  rubricVersion: z.string(),
  opportunities: z.number().int(),
});

export const driftSchema = z.object({
  query: z.string(),
  /** The run before this one with the same query and filters; null when there is none. */
  before: runSchema.nullable(),
  after: runSchema,
  corpusChanged: z.boolean(),
  added: z.array(z.object({ title: z.string(), score: z.number() })),
  removed: z.array(z.object({ title: z.string(), score: z.number() })),
  changed: z.array(z.object({ title: z.string(), before: z.number(), after: z.number() })),
});
export type DriftDto = z.infer<typeof driftSchema>;
