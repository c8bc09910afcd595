import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../api/list.schemas.ts';
import { idSchema } from '../api/params.schemas.ts';

// The resource library (docs/product/data.md resource tables, validation.md "Resource"): the
// contract the server validates with and the client types its screens and forms with.

export const RESOURCE_TYPES = ['tool', 'template', 'guide', 'video', 'article'] as const;
export const RESOURCE_PHASES = ['research', 'validation', 'development', 'launch'] as const;
export const IDEA_TYPES = ['software', 'physical_product', 'service', 'marketplace'] as const;
export const DIFFICULTY_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const ACCESS_TYPES = ['view', 'download', 'external_link'] as const;
export const RESOURCE_SORTS = ['relevance', 'rating', 'newest', 'bookmarks'] as const;
export const CONTRIBUTION_STATUSES = ['pending', 'approved', 'rejected'] as const;

export type ResourceType = (typeof RESOURCE_TYPES)[number];
export type ResourcePhase = (typeof RESOURCE_PHASES)[number];
export type IdeaType = (typeof IDEA_TYPES)[number];
export type ResourceSort = (typeof RESOURCE_SORTS)[number];
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];

export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  tool: 'Tool',
  template: 'Template',
  guide: 'Guide',
  video: 'Video',
  article: 'Article',
};
export const PHASE_LABELS: Record<ResourcePhase, string> = {
  research: 'Research',
  validation: 'Validation',
  development: 'Development',
  launch: 'Launch',
};
export const IDEA_TYPE_LABELS: Record<IdeaType, string> = {
  software: 'Software',
  physical_product: 'Physical product',
  service: 'Service',
  marketplace: 'Marketplace',
};
export const DIFFICULTY_LABELS: Record<DifficultyLevel, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};
export const SORT_LABELS: Record<ResourceSort, string> = {
  relevance: 'Most relevant',
  rating: 'Highest rated',
  newest: 'Newest',
  bookmarks: 'Most bookmarked',
};

// docs/product/validation.md and constants.md.
export const RESOURCE_TITLE_MIN = 5;
export const RESOURCE_TITLE_MAX = 255;
export const RESOURCE_DESCRIPTION_MIN = 20;
export const RESOURCE_DESCRIPTION_MAX = 5000;
export const BOOKMARK_NOTES_MAX = 1000;
export const REVIEW_MAX = 2000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const SLUG_MIN = 2;
export const SLUG_MAX = 100;
export const ADMIN_NOTES_MAX = 2000;
/** Longer search strings are refused; up to this they are accepted and cut to their first words. */
export const RESOURCE_QUERY_MAX = 10_000;
export const CUSTOM_TAGS_MAX = 10;
export const TAG_MAX = 40;

export const SLUG_MESSAGE = 'Slug must be lowercase alphanumeric with hyphens';
export const URL_MESSAGE = 'Must be a valid URL';

export const slugSchema = z
  .string()
  .min(SLUG_MIN, `Slug must be at least ${SLUG_MIN} characters`)
  .max(SLUG_MAX, `Slug must be ${SLUG_MAX} characters or less`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_MESSAGE);

/** An http(s) URL: anything else (javascript:, data:, bare words) is 'Must be a valid URL'. */
export const resourceUrlSchema = z
  .string({ message: URL_MESSAGE })
  .trim()
  .max(2000, URL_MESSAGE)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, URL_MESSAGE);

export const resourceTitleSchema = z
  .string({ message: 'Title is required' })
  .trim()
  .min(RESOURCE_TITLE_MIN, `Title must be at least ${RESOURCE_TITLE_MIN} characters`)
  .max(RESOURCE_TITLE_MAX, `Title must be ${RESOURCE_TITLE_MAX} characters or less`);

export const resourceDescriptionSchema = z
  .string({ message: 'Description is required' })
  .trim()
  .min(RESOURCE_DESCRIPTION_MIN, `Description must be at least ${RESOURCE_DESCRIPTION_MIN} characters`)
  .max(RESOURCE_DESCRIPTION_MAX, `Description must be ${RESOURCE_DESCRIPTION_MAX} characters or less`);

const tagSchema = z
  .string()
  .trim()
  .min(1, 'Tags cannot be empty')
  .max(TAG_MAX, `Tags must be ${TAG_MAX} characters or less`);
const tagListSchema = z.array(tagSchema).max(CUSTOM_TAGS_MAX, `At most ${CUSTOM_TAGS_MAX} tags`);

/** docs/product/validation.md "Resource": every rule, one place (admin creation and seed checks). */
export const resourceInputSchema = z.strictObject({
  title: resourceTitleSchema,
  description: resourceDescriptionSchema,
  url: resourceUrlSchema,
  resourceType: z.enum(RESOURCE_TYPES),
  categoryId: idSchema,
  phaseRelevance: z.array(z.enum(RESOURCE_PHASES)).min(1).max(4),
  ideaTypes: z.array(z.enum(IDEA_TYPES)).max(4),
  difficultyLevel: z.enum(DIFFICULTY_LEVELS),
  estimatedTimeMinutes: z
    .number()
    .int('Estimated time must be a whole number')
    .positive('Estimated time must be positive'),
  isPremium: z.boolean().default(false),
  tags: tagListSchema.default([]),
});

/** Query-string lists arrive as `a,b` or repeated keys. */
function listOf<T extends readonly [string, ...string[]]>(values: T) {
  return z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z.array(z.enum(values)).max(values.length),
    )
    .optional();
}

export const resourceSearchQuerySchema = listQuerySchema({ defaultPageSize: 20 }).extend({
  q: z.string().max(RESOURCE_QUERY_MAX, `Search must be ${RESOURCE_QUERY_MAX} characters or less`).optional(),
  category: slugSchema.optional(),
  type: listOf(RESOURCE_TYPES),
  phase: listOf(RESOURCE_PHASES),
  ideaType: listOf(IDEA_TYPES),
  difficulty: listOf(DIFFICULTY_LEVELS),
  maxMinutes: z.coerce.number().int().positive().max(100_000).optional(),
  sort: z.enum(RESOURCE_SORTS).default('relevance'),
});
export type ResourceSearch = z.output<typeof resourceSearchQuerySchema>;
export type ResourceSearchQuery = z.input<typeof resourceSearchQuerySchema>;

export const categoryRefSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const resourceSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Null for a premium resource the caller's plan cannot open (the title and the upgrade prompt only). */
  description: z.string().nullable(),
  url: z.string().nullable(),
  isLocked: z.boolean(),
  resourceType: z.enum(RESOURCE_TYPES),
  category: categoryRefSchema.nullable(),
  phaseRelevance: z.array(z.enum(RESOURCE_PHASES)),
  ideaTypes: z.array(z.enum(IDEA_TYPES)),
  difficultyLevel: z.enum(DIFFICULTY_LEVELS),
  estimatedTimeMinutes: z.number().int(),
  isPremium: z.boolean(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  viewCount: z.number().int(),
  bookmarkCount: z.number().int(),
  tags: z.array(z.string()),
  attribution: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  createdAt: z.string(),
  isBookmarked: z.boolean(),
});
export type ResourceSummary = z.infer<typeof resourceSummarySchema>;

export const resourcePageSchema = pageSchema(resourceSummarySchema).extend({
  /** Matches, exact up to 1,000 past the page's start; beyond that a floor (ADR 018). */
  total: z.number().int(),
  /** True when more than `total` resources match (the count stopped at its cap). */
  totalCapped: z.boolean(),
});
export type ResourcePage = z.infer<typeof resourcePageSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  review: z.string().nullable(),
  helpfulCount: z.number().int(),
  authorName: z.string(),
  isMine: z.boolean(),
  hasVotedHelpful: z.boolean(),
  updatedAt: z.string(),
});
export type ReviewDto = z.infer<typeof reviewSchema>;

export const bookmarkSchema = z.object({
  id: z.number().int(),
  resourceId: z.number().int(),
  notes: z.string().nullable(),
  customTags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookmarkDto = z.infer<typeof bookmarkSchema>;

export const resourceDetailSchema = resourceSummarySchema.extend({
  bookmark: bookmarkSchema.nullable(),
  myRating: z.object({ rating: z.number().int(), review: z.string().nullable() }).nullable(),
  reviews: z.array(reviewSchema),
});
export type ResourceDetail = z.infer<typeof resourceDetailSchema>;

export const bookmarkInputSchema = z.strictObject({
  notes: z.string().trim().max(BOOKMARK_NOTES_MAX, `Notes must be ${BOOKMARK_NOTES_MAX} characters or less`).optional(),
  customTags: tagListSchema.default([]),
});

export const bookmarkWithResourceSchema = bookmarkSchema.extend({ resource: resourceSummarySchema });
export const bookmarkPageSchema = pageSchema(bookmarkWithResourceSchema);
export const bookmarkListQuerySchema = listQuerySchema({ defaultPageSize: 50 }).extend({
  tag: z.string().trim().min(1).max(TAG_MAX).optional(),
});

export const ratingInputSchema = z.strictObject({
  rating: z
    .number({ message: `Rating must be between ${RATING_MIN} and ${RATING_MAX}` })
    .int(`Rating must be between ${RATING_MIN} and ${RATING_MAX}`)
    .min(RATING_MIN, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`)
    .max(RATING_MAX, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`),
  review: z.string().trim().max(REVIEW_MAX, `Review must be ${REVIEW_MAX} characters or less`).optional(),
});
export const ratingResultSchema = z.object({
  rating: z.number().int(),
  review: z.string().nullable(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
});

export const bookmarkRemovedSchema = z.object({ resourceId: z.number().int() });

export const helpfulVoteResultSchema = z.object({ id: z.number().int(), helpfulCount: z.number().int() });

export const accessInputSchema = z.strictObject({
  accessType: z.enum(ACCESS_TYPES),
  analysisId: idSchema.optional(),
  actionPlanStepId: z.string().trim().min(1).max(100).optional(),
  durationSeconds: z.number().int().min(0).max(86_400).optional(),
});
export const accessResultSchema = z.object({ recorded: z.boolean() });

export const categoryNodeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  parentId: z.number().int().nullable(),
  resourceCount: z.number().int(),
});
export type CategoryNode = z.infer<typeof categoryNodeSchema>;
export const categoryListSchema = z.object({ categories: z.array(categoryNodeSchema) });
export const tagListResultSchema = z.object({
  tags: z.array(z.object({ name: z.string(), slug: z.string(), usageCount: z.number().int() })),
});

/** Helpful resources for one of my analyses (`searchId`) or one of my action-plan tasks (`taskId`). */
export const recommendationsQuerySchema = z
  .object({
    searchId: idSchema.optional(),
    taskId: idSchema.optional(),
    limit: z.coerce.number().int().min(1).max(10).default(5),
  })
  .refine((q) => (q.searchId === undefined) !== (q.taskId === undefined), {
    message: 'Give an analysis (searchId) or a plan task (taskId), one of them',
    path: ['searchId'],
  });
export const recommendationsSchema = z.object({ items: z.array(resourceSummarySchema) });

// Contributions (users suggest, admins review).
export const contributionInputSchema = z.strictObject({
  title: resourceTitleSchema,
  description: resourceDescriptionSchema,
  url: resourceUrlSchema,
  suggestedCategoryId: idSchema.optional(),
  suggestedTags: tagListSchema.default([]),
});

export const contributionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  suggestedCategory: categoryRefSchema.nullable(),
  suggestedTags: z.array(z.string()),
  status: z.enum(CONTRIBUTION_STATUSES),
  adminNotes: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  resourceId: z.number().int().nullable(),
  createdAt: z.string(),
  contributorName: z.string().nullable(),
});
export type ContributionDto = z.infer<typeof contributionSchema>;
export const contributionPageSchema = pageSchema(contributionSchema);
export const contributionListQuerySchema = listQuerySchema({ defaultPageSize: 50 }).extend({
  status: z.enum(CONTRIBUTION_STATUSES).optional(),
});

export const contributionReviewSchema = z.discriminatedUnion('decision', [
  z.strictObject({
    decision: z.literal('approve'),
    adminNotes: z.string().trim().max(ADMIN_NOTES_MAX).optional(),
    categoryId: idSchema,
    resourceType: z.enum(RESOURCE_TYPES),
    phaseRelevance: z.array(z.enum(RESOURCE_PHASES)).min(1).max(4),
    ideaTypes: z.array(z.enum(IDEA_TYPES)).max(4).default([]),
    difficultyLevel: z.enum(DIFFICULTY_LEVELS),
    estimatedTimeMinutes: z.number().int().positive('Estimated time must be positive'),
  }),
  z.strictObject({
    decision: z.literal('reject'),
    adminNotes: z.string().trim().min(1, 'Say why the suggestion is rejected').max(ADMIN_NOTES_MAX),
  }),
]);
export type ContributionReview = z.output<typeof contributionReviewSchema>;
