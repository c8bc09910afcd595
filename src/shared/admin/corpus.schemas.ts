import { z } from 'zod';

// The corpus at run time (issue 33): the version the engine answers from, the one being built, and
// the last refresh's result, as the admin console shows them.

export const corpusRefreshResultSchema = z.object({
  status: z.enum(['activated', 'unchanged', 'failed']),
  /** The version built (null when loading failed). */
  version: z.string().nullable(),
  previousVersion: z.string().nullable(),
  /** Why loading failed (the file and what was wrong), else null. */
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** Watched analyses queued to re-run on the new version. */
  rerunsEnqueued: z.number().int(),
});
export type CorpusRefreshResult = z.infer<typeof corpusRefreshResultSchema>;

export const corpusStateSchema = z.object({
  current: z.object({ version: z.string(), kind: z.enum(['full', 'seed']) }),
  /** Where a refresh reads from: DATASETS_DIR, or the seed corpus when it is unset. */
  source: z.string(),
  /** A refresh in progress on this server (started at), else null. */
  building: z.object({ startedAt: z.string() }).nullable(),
  lastRefresh: corpusRefreshResultSchema.nullable(),
  /** False when the engine cannot swap its corpus at run time (a test stand-in). */
  canRefresh: z.boolean(),
});
export type CorpusState = z.infer<typeof corpusStateSchema>;
