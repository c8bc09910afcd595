import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../api/list.schemas.ts';
import { isoDateSchema } from '../api/text.ts';
import { ANALYSIS_STAGES, ANALYSIS_STATUSES, COMPOSER_MODES, opportunitySchema } from '../engine/analysis.schemas.ts';
import { MAX_QUERY_LENGTH, searchFiltersSchema } from './filters.schemas.ts';

// The search API contract: request bodies, the DTOs the server sends, and the streamed progress
// lines of POST /api/search (docs/product/states.md).

export const searchRequestSchema = z.strictObject({
  query: z
    .string({ message: 'Enter what you want to search for' })
    .trim()
    .min(1, 'Enter what you want to search for')
    .max(MAX_QUERY_LENGTH, `At most ${MAX_QUERY_LENGTH} characters`),
  filters: searchFiltersSchema.optional(),
});

export const searchListQuerySchema = listQuerySchema().extend({
  q: z.string().trim().max(MAX_QUERY_LENGTH).optional(),
  from: isoDateSchema().optional(),
  to: isoDateSchema().optional(),
  favorites: z.enum(['true', 'false']).optional(),
});
export type SearchListQuery = z.input<typeof searchListQuerySchema>;
export type SearchListParams = z.output<typeof searchListQuerySchema>;

export const favoriteBodySchema = z.strictObject({ isFavorite: z.boolean() });
export const saveBodySchema = z.strictObject({ isSaved: z.boolean() });

const searchStatusSchema = z.enum(ANALYSIS_STATUSES);

/** A search as history lists it. */
/** Set on a read-only copy imported from an analysis bundle (docs/decisions/023). */
export const importedFromSchema = z.object({
  /** When the analysis originally ran (on the exporting server). */
  analysedAt: z.string(),
  exportedAt: z.string(),
  importedAt: z.string(),
  /** The bundle's signature verified on this server (false: "imported, not verified"). */
  verified: z.boolean(),
});
export type ImportedFrom = z.infer<typeof importedFromSchema>;
export const IMPORTED_READ_ONLY_MESSAGE =
  'This analysis was imported: it is a read-only copy. Run a new search for this market to get your own analysis.';

export const searchListItemSchema = z.object({
  id: z.number().int(),
  query: z.string(),
  timestamp: z.string(),
  resultsCount: z.number().int(),
  isFavorite: z.boolean(),
  status: searchStatusSchema,
  imported: importedFromSchema.nullable(),
});
export type SearchListItem = z.infer<typeof searchListItemSchema>;

export const searchListPageSchema = pageSchema(searchListItemSchema).extend({
  /** Searches older than the plan's history window (hidden, not deleted). */
  hiddenOlderCount: z.number().int(),
  historyDays: z.number().int().nullable(),
});
export type SearchListPage = z.infer<typeof searchListPageSchema>;

/** A stored opportunity: the engine's opportunity plus its row id, search and saved flag. */
export const searchResultDtoSchema = opportunitySchema.extend({
  id: z.number().int(),
  searchId: z.number().int(),
  isSaved: z.boolean(),
});
export type SearchResultDto = z.infer<typeof searchResultDtoSchema>;

export const searchAnalysisMetaSchema = z.object({
  status: searchStatusSchema,
  reason: z.string().nullable(),
  engine: z.enum(['offline', 'llm']),
  composerMode: z.enum(COMPOSER_MODES),
  composerModel: z.string().nullable(),
  composerError: z.string().nullable(),
  corpusVersion: z.string(),
  corpusKind: z.enum(['full', 'seed']),
  corpusSources: z.array(z.string()),
  rubricVersion: z.string(),
  semanticRetrieval: z.boolean(),
  retrievalNote: z.string().nullable(),
  facets: z.object({ offering: z.array(z.string()), segment: z.array(z.string()), keywords: z.array(z.string()) }),
  warnings: z.array(z.string()),
});
export type SearchAnalysisMeta = z.infer<typeof searchAnalysisMetaSchema>;

export const searchDetailSchema = searchListItemSchema.extend({
  filters: searchFiltersSchema,
  analysis: searchAnalysisMetaSchema,
  results: z.array(searchResultDtoSchema),
});
export type SearchDetail = z.infer<typeof searchDetailSchema>;

/** A result with the search it came from (result page, saved list). */
export const searchResultWithSearchSchema = searchResultDtoSchema.extend({
  search: z.object({ id: z.number().int(), query: z.string(), timestamp: z.string() }),
});
export type SearchResultWithSearch = z.infer<typeof searchResultWithSearchSchema>;

export const savedResultsQuerySchema = listQuerySchema();
export const savedResultsPageSchema = pageSchema(searchResultWithSearchSchema);
export type SavedResultsPage = z.infer<typeof savedResultsPageSchema>;

export const searchResponseDataSchema = z.object({
  upgradeRequired: z.boolean(),
  search: z.object({ id: z.number().int() }).nullable(),
});
export type SearchResponseData = z.infer<typeof searchResponseDataSchema>;

export const favoriteResponseSchema = z.object({ id: z.number().int(), isFavorite: z.boolean() });
export const savedResponseSchema = z.object({ id: z.number().int(), isSaved: z.boolean() });
export const deletedResponseSchema = z.object({ id: z.number().int() });

/** Content type of the streamed variant of POST /api/search. */
export const SEARCH_STREAM_CONTENT_TYPE = 'application/x-ndjson';

/**
 * One line of the streamed variant: `queued` while the analysis waits for a free engine slot
 * (position 1 is next; repeated as it moves up), then progress, then `done` or `error`.
 */
export const searchStreamLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('queued'), position: z.number().int().positive() }),
  z.object({ type: z.literal('stage'), stage: z.enum(ANALYSIS_STAGES) }),
  z.object({
    type: z.literal('opportunity'),
    opportunity: z.object({
      rank: z.number().int(),
      title: z.string(),
      description: z.string(),
      category: z.string(),
    }),
  }),
  z.object({ type: z.literal('done'), message: z.string(), data: searchResponseDataSchema }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type SearchStreamLine = z.infer<typeof searchStreamLineSchema>;
