import { z } from 'zod';
import { evidenceSchema, scoreFactorSchema } from '../engine/analysis.schemas.ts';
import { listQuerySchema, pageSchema } from '../api/list.schemas.ts';
import { idSchema } from '../api/params.schemas.ts';
import { customerOptionSchema, ideaCustomerSchema } from './idea-customer.ts';
import { marketSizeInputsSchema, marketSizeSchema } from './market-size.ts';
import { projectionAssumptionsSchema, projectionsSchema } from './projections.ts';

// Ideas (docs/product/data.md `ideas`, docs/product/ideas.md limits): the form's contract, the stored validation
// (five scores with their factors and evidence), projections, market size and hypotheses.

export const IDEA_CATEGORIES = [
  'tech',
  'healthcare',
  'fintech',
  'ecommerce',
  'saas',
  'marketplace',
  'education',
  'sustainability',
  'other',
] as const;
export type IdeaCategory = (typeof IDEA_CATEGORIES)[number];
export const IDEA_LIMITS = {
  title: { min: 5, max: 200 },
  description: { min: 20, max: 2000 },
  targetMarket: { min: 5, max: 500 },
  businessModel: { min: 5, max: 500 },
  initialInvestment: { min: 0, max: 10_000_000 },
  monthlyRevenue: { min: 0, max: 1_000_000 },
  monthlyExpenses: { min: 0, max: 1_000_000 },
} as const;

/** Validations a user may start a minute: each runs the engine (it spends no search). */
export const IDEA_VALIDATIONS_PER_MINUTE = 20;

/** Draft (not validated, or edited since), validated (scores match the text), archived (set aside). */
export const IDEA_STATUSES = ['draft', 'validated', 'archived'] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];

function text(label: string, { min, max }: { min: number; max: number }) {
  return z
    .string({ message: `${label} is required` })
    .trim()
    .min(min, `${label} must be at least ${min} characters`)
    .max(max, `${label} must be ${max} characters or less`);
}

function money(label: string, { min, max }: { min: number; max: number }) {
  return z
    .number({ message: `${label} must be a number` })
    .min(min, `${label} must be between ${min} and ${max.toLocaleString('en-US')}`)
    .max(max, `${label} must be between ${min} and ${max.toLocaleString('en-US')}`);
}

export const ideaFieldsSchema = z.strictObject({
  title: text('Title', IDEA_LIMITS.title),
  description: text('Description', IDEA_LIMITS.description),
  targetMarket: text('Target market', IDEA_LIMITS.targetMarket),
  businessModel: text('Business model', IDEA_LIMITS.businessModel),
  category: z.enum(IDEA_CATEGORIES, { message: 'Choose a category' }),
  initialInvestment: money('Initial investment', IDEA_LIMITS.initialInvestment).nullable().optional(),
  monthlyRevenue: money('Monthly revenue', IDEA_LIMITS.monthlyRevenue).nullable().optional(),
  monthlyExpenses: money('Monthly expenses', IDEA_LIMITS.monthlyExpenses).nullable().optional(),
});

export const ideaCreateSchema = ideaFieldsSchema.extend({
  sourceSearchResultId: z
    .number({ message: 'sourceSearchResultId must be a number' })
    .int()
    .min(1)
    .max(2_147_483_647)
    .optional(),
});
export type IdeaCreate = z.input<typeof ideaCreateSchema>;

export const ideaUpdateSchema = ideaFieldsSchema.partial().extend({
  assumptions: projectionAssumptionsSchema.optional(),
  marketSize: marketSizeInputsSchema.optional(),
});
export type IdeaUpdate = z.input<typeof ideaUpdateSchema>;

export const ideaListQuerySchema = listQuerySchema({ defaultPageSize: 50 }).extend({
  status: z.enum(IDEA_STATUSES).optional(),
});

export const SCORE_KEYS = ['originality', 'credibility', 'marketGap', 'competition', 'overall'] as const;
export type ScoreKey = (typeof SCORE_KEYS)[number];
export const SCORE_LABELS: Record<ScoreKey, string> = {
  originality: 'Originality',
  credibility: 'Credibility',
  marketGap: 'Market gap',
  competition: 'Competition',
  overall: 'Overall',
};

export const ideaScoreSchema = z.object({
  key: z.enum(SCORE_KEYS),
  label: z.string(),
  /** 0–100, higher is better for the idea; null when the data cannot support a score. */
  score: z.number().int().min(0).max(100).nullable(),
  formula: z.string(),
  factors: z.array(scoreFactorSchema),
  /** One line on what would change this score. */
  whatWouldChange: z.string(),
  /** What is missing when the score is null (or computed from fewer inputs). */
  missing: z.string().nullable(),
});
export type IdeaScore = z.infer<typeof ideaScoreSchema>;

export const validationSchema = z.object({
  status: z.enum(['ok', 'insufficient_data']),
  /** Why the data cannot support scores (insufficient_data only). */
  reason: z.string().nullable(),
  /** The text the engine searched for (the idea's title and target market). */
  query: z.string(),
  corpus: z.object({ version: z.string(), kind: z.enum(['full', 'seed']) }),
  rubricVersion: z.string(),
  semantic: z.boolean(),
  bestOpportunity: z
    .object({ title: z.string(), opportunityScore: z.number(), relevance: z.number(), kind: z.string().nullable() })
    .nullable(),
  scores: z.array(ideaScoreSchema),
  /** Who the idea sells to and who does the job (absent from validations stored before issue 29). */
  customer: ideaCustomerSchema.nullable().optional(),
  /** The other customers the founder may choose instead (from the same analyses). */
  customerOptions: z.array(customerOptionSchema).optional(),
  evidence: z.array(evidenceSchema),
  warnings: z.array(z.string()),
  validatedAt: z.string(),
});
export type IdeaValidation = z.infer<typeof validationSchema>;

export const HYPOTHESIS_STATUSES = ['untested', 'supported', 'killed'] as const;
export type HypothesisStatus = (typeof HYPOTHESIS_STATUSES)[number];

export const hypothesisSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  rank: z.number().int(),
  /** Which score this tests, and the evidence it rests on. */
  basedOn: z.enum(SCORE_KEYS),
  evidenceIds: z.array(z.string()),
  statement: z.string(),
  killCriterion: z.string(),
  interviewScript: z.array(z.string()),
  status: z.enum(HYPOTHESIS_STATUSES),
  result: z.string().nullable(),
  recordedAt: z.string().nullable(),
});

export const hypothesisUpdateSchema = z.strictObject({
  status: z.enum(HYPOTHESIS_STATUSES, { message: 'Status must be untested, supported or killed' }),
  result: z.string().trim().max(2000, 'Result must be 2000 characters or less').nullable().optional(),
});
export type HypothesisUpdate = z.input<typeof hypothesisUpdateSchema>;

export const ideaSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  targetMarket: z.string(),
  businessModel: z.string(),
  category: z.enum(IDEA_CATEGORIES),
  status: z.enum(IDEA_STATUSES),
  /** Validated once, then edited: the scores describe an earlier text. */
  isStale: z.boolean(),
  originalityScore: z.number().int().nullable(),
  credibilityScore: z.number().int().nullable(),
  marketGapScore: z.number().int().nullable(),
  competitionScore: z.number().int().nullable(),
  overallScore: z.number().int().nullable(),
  initialInvestment: z.number().nullable(),
  monthlyRevenue: z.number().nullable(),
  monthlyExpenses: z.number().nullable(),
  breakEvenMonths: z.number().int().nullable(),
  projectedRoi: z.number().nullable(),
  assumptions: projectionAssumptionsSchema,
  financialProjections: projectionsSchema.nullable(),
  marketSizeInputs: marketSizeInputsSchema.nullable(),
  marketSize: marketSizeSchema.nullable(),
  validation: validationSchema.nullable(),
  hypotheses: z.array(hypothesisSchema),
  sourceSearchResultId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IdeaDto = z.infer<typeof ideaSchema>;

export const ideaPageSchema = pageSchema(ideaSchema);
export type IdeaPage = z.infer<typeof ideaPageSchema>;
export const ideaDeletedSchema = z.object({ id: z.number().int() });

/** The form's starting values from a search result ("Validate this opportunity"). */
export const ideaPrefillSchema = z.object({
  title: z.string(),
  description: z.string(),
  targetMarket: z.string(),
  businessModel: z.string(),
  category: z.enum(IDEA_CATEGORIES),
  sourceSearchResultId: z.number().int(),
});
export type IdeaPrefill = z.infer<typeof ideaPrefillSchema>;
export const prefillParamsSchema = z.object({ resultId: idSchema });
