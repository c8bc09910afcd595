import { z } from 'zod';
import { bodyIdSchema } from '../api/params.schemas.ts';
import { pageSchema } from '#shared/api/list.schemas.ts';
import { MAX_QUERY_LENGTH } from '#shared/searches/filters.schemas.ts';
import { evidenceSchema } from '#shared/engine/analysis.schemas.ts';

// /api/market-research: a deep-dive report on one market, saved to the user's account. One report
// that finds data uses one search of the monthly quota (the same reservation as a search, ADR 011).

export const marketResearchRequestSchema = z.strictObject({
  market: z
    .string({ message: 'Name a market' })
    .trim()
    .min(2, 'Name a market (at least 2 characters)')
    .max(MAX_QUERY_LENGTH, `Use at most ${MAX_QUERY_LENGTH} characters`),
  /** The analysis this report starts from ("Research this market" on a results page): the caller's own. */
  sourceSearchId: bodyIdSchema.optional(),
});

export type MarketResearchRequest = z.input<typeof marketResearchRequestSchema>;

const status = z.enum(['Active', 'Inactive', 'Acquired', 'Public', 'Unknown']);

export const marketProfileSchema = z.object({
  query: z.object({
    text: z.string(),
    offering: z.string(),
    segment: z.string().nullable(),
    words: z.array(
      z.object({ word: z.string(), facet: z.enum(['offering', 'segment', 'keyword']), synonyms: z.array(z.string()) }),
    ),
    warnings: z.array(z.string()),
  }),
  industries: z.array(z.object({ code: z.string(), title: z.string(), description: z.string() })),
  occupations: z.array(
    z.object({
      soc: z.string(),
      title: z.string(),
      role: z.enum(['customer', 'worker']),
      matchedTitle: z.string(),
      employment2023: z.number(),
      employment2033: z.number(),
      percentChange: z.number(),
      annualOpenings: z.number(),
      medianWage: z.number().nullable(),
      tasks: z.array(z.string()),
      software: z.array(z.object({ product: z.string(), commodity: z.string(), isHot: z.boolean() })),
    }),
  ),
  startups: z.object({
    companies: z.number().int(),
    byYear: z.array(
      z.object({
        year: z.number().int(),
        entries: z.number().int(),
        survivors: z.number().int(),
        inactive: z.number().int(),
      }),
    ),
    survivors: z.number().int(),
    inactive: z.number().int(),
    failureTags: z.array(z.object({ tag: z.string(), companies: z.number().int() })),
    examples: z.array(
      z.object({
        name: z.string(),
        oneLiner: z.string(),
        status,
        batch: z.string(),
        website: z.string().nullable(),
      }),
    ),
    failedExamples: z.array(z.object({ name: z.string(), oneLiner: z.string(), batch: z.string() })),
  }),
});

export const reportOpportunitySchema = z.object({
  rank: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  opportunityScore: z.number(),
  competitors: z.number().int(),
});

/** Evidence ids of the customer's industry, as the engine writes them (src/server/engine/pipeline/measure.ts). */
export const CUSTOMER_INDUSTRY_ID = 'industry:customer';
export const CUSTOMER_ESTABLISHMENTS_ID = 'industry:establishments';
export const CUSTOMER_STAFF_PREFIX = 'industry:staff:';

/**
 * Who the customers are, from the analysis the report ran (issue 28 point 9): the industry evidence of
 * its own opportunity, copied verbatim so every number shown is an evidence item's value; or, when the
 * analysis names no customer industry, why not (consumer or horizontal markets are not sized).
 */
export const reportCustomersSchema = z.object({
  /** The opportunity the evidence is taken from: the query's own, else the first that names an industry. */
  opportunityTitle: z.string().nullable(),
  /** `industry:customer`, `industry:establishments` and `industry:staff:<soc>` items; empty when none is named. */
  evidence: z.array(evidenceSchema),
  /** "The analysis names no single customer industry: …" when evidence is empty. */
  noIndustryNote: z.string().nullable(),
});
export type ReportCustomers = z.infer<typeof reportCustomersSchema>;

export const marketReportSchema = z.object({
  id: z.number().int(),
  market: z.string(),
  createdAt: z.iso.datetime(),
  status: z.enum(['ok', 'empty']),
  corpus: z.object({ version: z.string(), kind: z.enum(['full', 'seed']) }),
  profile: marketProfileSchema,
  opportunities: z.array(reportOpportunitySchema),
  /** Why the engine found no opportunity, when it found none. */
  opportunitiesNote: z.string().nullable(),
  /** Null on reports saved before customers were recorded. */
  customers: reportCustomersSchema.nullable(),
  caveats: z.array(z.string()),
  /** Whether this report used one search of the monthly quota. */
  countedAsSearch: z.boolean(),
  /** The analysis it was started from, while the viewer can still open it. */
  source: z.object({ searchId: z.number().int(), query: z.string() }).nullable(),
});
export type MarketReportDto = z.infer<typeof marketReportSchema>;

export const marketResearchResponseSchema = z.object({
  upgradeRequired: z.boolean(),
  report: z.object({ id: z.number().int() }).nullable(),
});

export const marketReportListItemSchema = z.object({
  id: z.number().int(),
  market: z.string(),
  createdAt: z.iso.datetime(),
  status: z.enum(['ok', 'empty']),
});
export const marketReportPageSchema = pageSchema(marketReportListItemSchema);
