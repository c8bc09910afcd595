import { z } from 'zod';
import { DAY_MS } from '../app/time.constants.ts';
import { opportunitySchema } from '../engine/analysis.schemas.ts';
import { searchAnalysisMetaSchema } from '../searches/search.schemas.ts';
import { searchFiltersSchema } from '../searches/filters.schemas.ts';
import { watchRunSchema } from '../watches/watches.schemas.ts';

// Share links (docs/product/data.md `share_links`): a read-only link to one analysis that anyone
// holding it may open, signed in or not, until it expires or its owner revokes it.

/** The expiries a link can be created with (issue 17: 1 day, 7 days, 30 days, no expiry). */
export const SHARE_LINK_EXPIRIES = ['1d', '7d', '30d', 'never'] as const;
export type ShareLinkExpiry = (typeof SHARE_LINK_EXPIRIES)[number];

export const SHARE_LINK_EXPIRY_MS: Record<ShareLinkExpiry, number | null> = {
  '1d': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  never: null,
};

export const SHARE_LINK_EXPIRY_LABELS: Record<ShareLinkExpiry, string> = {
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  never: 'No expiry',
};

/** docs/product/sharing-and-exports.md (share links): share token max length 64. 32 random bytes in base64url are 43 characters. */
export const SHARE_TOKEN_MAX_LENGTH = 64;
export const SHARE_TOKEN_BYTES = 32;

export const shareLinkCreateSchema = z.strictObject({
  expiresIn: z.enum(SHARE_LINK_EXPIRIES, { message: 'Choose when the link expires' }),
});

export const shareTokenParamsSchema = z.object({
  token: z
    .string()
    .min(1)
    .max(SHARE_TOKEN_MAX_LENGTH)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a share link'),
});

export const SHARE_LINK_STATES = ['active', 'expired', 'revoked'] as const;

/** A link as its owner sees it. */
export const shareLinkSchema = z.object({
  id: z.number().int(),
  searchId: z.number().int(),
  token: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  viewCount: z.number().int(),
  lastAccessedAt: z.string().nullable(),
  state: z.enum(SHARE_LINK_STATES),
});
export type ShareLinkDto = z.infer<typeof shareLinkSchema>;

export const shareLinkListSchema = z.object({ items: z.array(shareLinkSchema) });
export type ShareLinkList = z.infer<typeof shareLinkListSchema>;

/**
 * What a shared link shows: the analysis and nothing of its owner (no e-mail, name, ids, favourites
 * or saved flags).
 */
export const sharedAnalysisSchema = z.object({
  query: z.string(),
  timestamp: z.string(),
  filters: searchFiltersSchema,
  analysis: searchAnalysisMetaSchema,
  results: z.array(opportunitySchema),
  expiresAt: z.string().nullable(),
  /** The latest re-run of a watched analysis ("What changed"); null when it is not watched or not re-run yet. */
  whatChanged: watchRunSchema.nullable(),
});
export type SharedAnalysis = z.infer<typeof sharedAnalysisSchema>;
