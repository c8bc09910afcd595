import {
  BUNDLE_IMPORT_LIMIT_MESSAGE,
  BUNDLE_MALFORMED_MESSAGE,
  MAX_BUNDLE_IMPORTS_PER_HOUR,
  bundlePayloadSchema,
  type BundleImportResult,
  type BundlePayload,
  type bundleImportBodySchema,
} from '#shared/exports/bundle.schemas.ts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { searchResults, searches } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import { zodFieldErrors } from '../../lib/http/error-handler.ts';
import { enforceRateLimit } from '../../lib/http/rate-limit.ts';
import { verifyBundleSignature } from './analysis-bundle.logic.ts';

// Importing a bundle (any plan, docs/decisions/023): the payload is checked whole before anything is
// written, the signature decides "verified" or "imported, not verified", and the copy — one search row
// and its opportunities — is written in one transaction. The copy is marked imported: it is read-only
// where that matters (it cannot be re-run as the importer's own analysis).

type ImportOptions = {
  db: Database;
  userId: number;
  bundle: z.infer<typeof bundleImportBodySchema>;
  secret: string;
  now: Date;
};

export async function importBundle({ db, userId, bundle, secret, now }: ImportOptions): Promise<BundleImportResult> {
  // Every attempt counts, a refused one too: reading a large bundle is the cost being bounded.
  await enforceRateLimit({
    db,
    key: `bundle-import:${userId}`,
    limit: MAX_BUNDLE_IMPORTS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    now,
    message: BUNDLE_IMPORT_LIMIT_MESSAGE,
  });
  const parsed = bundlePayloadSchema.safeParse(bundle.payload);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', BUNDLE_MALFORMED_MESSAGE, prefixed(parsed.error));
  const verified = verifyBundleSignature(bundle, secret);
  const { analysis, exportedAt, versions } = parsed.data;
  const { meta } = analysis;
  const searchId = await db.transaction(async (tx) => {
    const [search] = await tx
      .insert(searches)
      .values({
        userId,
        query: analysis.query,
        timestamp: now,
        resultsCount: analysis.opportunities.length,
        filters: analysis.filters,
        status: meta.status,
        reason: meta.reason,
        engine: meta.engine,
        composerMode: meta.composerMode,
        composerModel: meta.composerModel,
        composerError: meta.composerError,
        corpusVersion: versions.corpus,
        corpusKind: meta.corpusKind,
        corpusSources: meta.corpusSources,
        rubricVersion: versions.rubric,
        semanticRetrieval: meta.semanticRetrieval,
        retrievalNote: meta.retrievalNote,
        facets: meta.facets,
        warnings: meta.warnings,
        importedFrom: { analysedAt: analysis.analysedAt, exportedAt, importedAt: now.toISOString(), verified },
      })
      .returning({ id: searches.id });
    if (!search) throw new AppError('INTERNAL', 'The bundle could not be saved.');
    if (analysis.opportunities.length > 0) {
      await tx
        .insert(searchResults)
        .values(analysis.opportunities.map((o) => ({ ...webLinksOnly(o), searchId: search.id, isSaved: false })));
    }
    return search.id;
  });
  return { searchId, verified, opportunities: analysis.opportunities.length };
}

/** An absolute http(s) URL; a bundle is a file anyone can write, so javascript:, data: or "//host" are not links. */
function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && /^https?:\/\//i.test(value);
  } catch {
    return false;
  }
}

type Opportunity = BundlePayload['analysis']['opportunities'][number];

/** The opportunity with every competitor and evidence link that is not http(s) dropped (the rest kept). */
function webLinksOnly(opportunity: Opportunity): Opportunity {
  const keep = <T extends { url?: string | undefined }>(item: T): T => {
    if (item.url === undefined || isWebUrl(item.url)) return item;
    const { url: _dropped, ...rest } = item;
    return rest as T;
  };
  return { ...opportunity, competitors: opportunity.competitors.map(keep), evidence: opportunity.evidence.map(keep) };
}

/** Field errors named as in the file (payload.analysis.query…). */
function prefixed(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(zodFieldErrors(error))) out[`payload.${key}`] = message;
  return out;
}
