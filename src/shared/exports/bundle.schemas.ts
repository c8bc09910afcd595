import { z } from 'zod';
import { opportunitySchema } from '../engine/analysis.schemas.ts';
import { searchFiltersSchema } from '../searches/filters.schemas.ts';
import { searchAnalysisMetaSchema } from '../searches/search.schemas.ts';

// The portable analysis bundle (docs/decisions/023): one analysis with every evidence row and its
// source, the corpus and rubric versions and the bundle's schema version, signed by the server that
// exported it. Import makes a read-only copy; a signature that does not verify here is imported but
// marked "imported, not verified".

export const BUNDLE_FORMAT = 'unbuilt-analysis-bundle' as const;
export const BUNDLE_SCHEMA_VERSION = 1 as const;
/** A bundle of this size or more is refused before it is read. */
export const MAX_BUNDLE_BYTES = 50 * 1024 * 1024;
export const BUNDLE_TOO_LARGE_MESSAGE = 'The bundle is too large: an analysis bundle must be under 50 MB.';
/** Imports per user per hour: each writes a search and its opportunities, and may be 50 MB to read. */
export const MAX_BUNDLE_IMPORTS_PER_HOUR = 20;
export const BUNDLE_IMPORT_LIMIT_MESSAGE = `You can import at most ${MAX_BUNDLE_IMPORTS_PER_HOUR} bundles an hour. Please try again later.`;
export const BUNDLE_MALFORMED_MESSAGE = 'This file is not a valid Unbuilt analysis bundle. Nothing was imported.';

const MAX_OPPORTUNITIES = 100;
const isoDateTime = z.iso.datetime({ offset: true });

export const bundleSourceSchema = z.object({
  id: z.string(),
  label: z.string(),
  attribution: z.string(),
  url: z.string(),
});

/** What the signature covers besides the format and schema version. */
export const bundlePayloadSchema = z.object({
  exportedAt: isoDateTime,
  versions: z.object({ corpus: z.string().min(1), rubric: z.string().min(1) }),
  analysis: z.object({
    query: z.string().trim().min(1).max(500),
    analysedAt: isoDateTime,
    filters: searchFiltersSchema,
    meta: searchAnalysisMetaSchema,
    opportunities: z.array(opportunitySchema).max(MAX_OPPORTUNITIES),
  }),
  /** Every source the evidence cites, with its licence and attribution. */
  sources: z.array(bundleSourceSchema),
});
export type BundlePayload = z.infer<typeof bundlePayloadSchema>;

export const bundleSignatureSchema = z.object({
  algorithm: z.literal('HMAC-SHA256'),
  /** base64url of HMAC-SHA256(server secret, canonical JSON of { format, schemaVersion, payload }). */
  value: z.string().min(1).max(200),
});

export const analysisBundleSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  schemaVersion: z.literal(BUNDLE_SCHEMA_VERSION),
  payload: bundlePayloadSchema,
  signature: bundleSignatureSchema,
});
export type AnalysisBundle = z.infer<typeof analysisBundleSchema>;

/**
 * The import request as the route reads it: the envelope only. The payload is checked against
 * `bundlePayloadSchema` after the signature is computed over it exactly as it arrived.
 */
export const bundleImportBodySchema = z.object({
  format: z.literal(BUNDLE_FORMAT, { message: BUNDLE_MALFORMED_MESSAGE }),
  schemaVersion: z.literal(BUNDLE_SCHEMA_VERSION, { message: 'This bundle was made by a newer version of Unbuilt.' }),
  payload: z.record(z.string(), z.unknown(), { message: BUNDLE_MALFORMED_MESSAGE }),
  signature: bundleSignatureSchema,
});

export const bundleImportResultSchema = z.object({
  searchId: z.number().int(),
  verified: z.boolean(),
  opportunities: z.number().int(),
});
export type BundleImportResult = z.infer<typeof bundleImportResultSchema>;

export const v1ExportQuerySchema = z.strictObject({
  format: z.enum(['bundle', 'csv'], { message: 'Choose format=bundle or format=csv' }),
});
