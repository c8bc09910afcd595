import { z } from 'zod';

// GET /api/trending (docs/product/states.md): growth in the corpus and themes many users explore.

export const growthSchema = z.object({
  key: z.string(),
  recent: z.number().int(),
  earlier: z.number().int(),
  /** (recent − earlier) / earlier; null when the earlier count is under the minimum: the key is new, not +300 %. */
  growth: z.number().nullable(),
  companies: z.number().int(),
});
export type GrowthDto = z.infer<typeof growthSchema>;

export const trendingSchema = z.object({
  /** The corpus the growth figures come from; years are YC batch years up to the latest in the data. */
  corpus: z.object({ version: z.string(), kind: z.enum(['full', 'seed']), latestYear: z.number().int().nullable() }),
  /** The corpus's most recent evidence window (Trending Now), null when no company is dated. */
  recentWindow: z.object({ from: z.iso.date(), to: z.iso.date(), companies: z.number().int() }).nullable(),
  /** Years each side of the growth comparison (the latest N years of the data vs the N before). */
  growthYears: z.number().int(),
  categories: z.array(growthSchema),
  tags: z.array(growthSchema),
  windowDays: z.number().int(),
  minUsers: z.number().int(),
  /** Themes (engine-parsed facets, never raw query text) searched by at least `minUsers` users. */
  themes: z.array(z.object({ theme: z.string(), users: z.number().int(), searches: z.number().int() })),
});
export type TrendingDto = z.infer<typeof trendingSchema>;
