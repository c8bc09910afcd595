import { z } from 'zod';

// Help articles about the product (docs/product/data.md help_articles): listed and searched on /help,
// opened by the "?" on the page they help with (context).

export const HELP_QUERY_MAX = 10_000;

export const helpListQuerySchema = z.object({
  q: z.string().max(HELP_QUERY_MAX, `Search must be ${HELP_QUERY_MAX} characters or less`).optional(),
  /** A route pattern such as /search-result/:id: the articles for that page first. */
  context: z.string().max(200).optional(),
});

export const helpArticleSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  context: z.string().nullable(),
  category: z.string(),
  tags: z.array(z.string()),
  viewCount: z.number().int(),
  helpfulCount: z.number().int(),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;

export const helpArticleListSchema = z.object({ items: z.array(helpArticleSummarySchema) });

export const helpArticleSchema = helpArticleSummarySchema.extend({
  content: z.string(),
  videoUrl: z.string().nullable(),
  related: z.array(z.object({ slug: z.string(), title: z.string() })),
  updatedAt: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const helpSlugParamsSchema = z.object({
  slug: z
    .string()
    .max(100)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug must be lowercase alphanumeric with hyphens'),
});
export const helpfulResultSchema = z.object({ slug: z.string(), helpfulCount: z.number().int() });
