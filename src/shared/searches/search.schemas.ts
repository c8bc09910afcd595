import { z } from 'zod';
import type { AnalysisStage, Opportunity } from '../engine/analysis.schemas.ts';
import { MAX_QUERY_LENGTH, searchFiltersSchema, type SearchFilters } from './filters.schemas.ts';

// The search API contract (spec §3, §7): request bodies, the DTOs the server sends, and the
// streamed progress lines of POST /api/search.

export const searchRequestSchema = z.strictObject({
  query: z
    .string({ message: 'Enter what you want to search for' })
    .trim()
    .min(1, 'Enter what you want to search for')
    .max(MAX_QUERY_LENGTH, `At most ${MAX_QUERY_LENGTH} characters`),
  filters: searchFiltersSchema.optional(),
});
export type SearchRequest = z.input<typeof searchRequestSchema>;

export const idParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const searchListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(MAX_QUERY_LENGTH).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  favorites: z.enum(['true', 'false']).optional(),
});
export type SearchListQuery = z.input<typeof searchListQuerySchema>;

export const favoriteBodySchema = z.strictObject({ isFavorite: z.boolean() });
export const saveBodySchema = z.strictObject({ isSaved: z.boolean() });

/** Spec §3 search list item (id, query, timestamp) plus what the history page shows. */
export type SearchListItem = {
  id: number;
  query: string;
  timestamp: string;
  resultsCount: number;
  isFavorite: boolean;
  status: 'ok' | 'insufficient_data';
};

export type SearchListPage = {
  items: SearchListItem[];
  page: number;
  pageSize: number;
  /** Whether a next page exists. */
  hasMore: boolean;
  /** Searches older than the plan's history window (hidden, not deleted). */
  hiddenOlderCount: number;
  historyDays: number | null;
};

/** A stored opportunity: every field of spec §3 `search_results` plus evidence and breakdowns. */
export type SearchResultDto = Opportunity & { id: number; searchId: number; isSaved: boolean };

export type SearchAnalysisMeta = {
  status: 'ok' | 'insufficient_data';
  reason: string | null;
  engine: 'offline' | 'llm';
  composerMode: 'offline' | 'llm' | 'offline_fallback';
  composerModel: string | null;
  composerError: string | null;
  corpusVersion: string;
  corpusKind: 'full' | 'seed';
  corpusSources: string[];
  rubricVersion: string;
  semanticRetrieval: boolean;
  retrievalNote: string | null;
  facets: { offering: string[]; segment: string[]; keywords: string[] };
  warnings: string[];
};

export type SearchDetail = SearchListItem & {
  filters: SearchFilters;
  analysis: SearchAnalysisMeta;
  results: SearchResultDto[];
};

/** A result with the search it came from (result page, saved list). */
export type SearchResultWithSearch = SearchResultDto & { search: { id: number; query: string; timestamp: string } };

export type SearchResponseData = { upgradeRequired: boolean; search: { id: number } | null };

export type UsageDto = { searchesUsed: number; searchesLimit: number | null; plan: 'free' | 'pro' | 'enterprise' };

/** Content type of the streamed variant of POST /api/search. */
export const SEARCH_STREAM_CONTENT_TYPE = 'application/x-ndjson';

export type SearchStreamLine =
  | { type: 'stage'; stage: AnalysisStage }
  | { type: 'opportunity'; opportunity: { rank: number; title: string; description: string; category: string } }
  | { type: 'done'; message: string; data: SearchResponseData }
  | { type: 'error'; code: string; message: string };

// Projects (spec §3, §5).
export const projectNameSchema = z
  .string({ message: 'Project name is required' })
  .trim()
  .min(1, 'Project name is required')
  .max(200, 'Project name must be 200 characters or less');

export const projectCreateSchema = z.strictObject({
  name: projectNameSchema,
  description: z.string().trim().max(2000).optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
});
export const projectUpdateSchema = z.strictObject({
  name: projectNameSchema.optional(),
  description: z.string().trim().max(2000).nullable().optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
  archived: z.boolean().optional(),
});
export const projectAnalysisBodySchema = z.strictObject({ searchId: z.number().int().min(1) });
export type ProjectInput = z.input<typeof projectCreateSchema>;
export type ProjectUpdate = z.input<typeof projectUpdateSchema>;

export type ProjectDto = {
  id: number;
  name: string;
  description: string | null;
  tags: string[];
  archived: boolean;
  createdAt: string;
  updatedAt: string;
  analyses: { id: number; query: string; timestamp: string }[];
};

export type GrowthDto = { key: string; recent: number; earlier: number; growth: number; companies: number };

export type TrendingDto = {
  /** The corpus the growth figures come from; years are YC batch years up to the latest in the data. */
  corpus: { version: string; kind: 'full' | 'seed'; latestYear: number | null };
  /** Years each side of the growth comparison (the latest N years of the data vs the N before). */
  growthYears: number;
  categories: GrowthDto[];
  tags: GrowthDto[];
  windowDays: number;
  minUsers: number;
  /** Themes (engine-parsed facets, never raw query text) searched by at least `minUsers` users. */
  themes: { theme: string; users: number; searches: number }[];
};
