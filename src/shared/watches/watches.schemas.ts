import { z } from 'zod';

// Watched markets (issue 33, ADR 035): the contract of the watch routes and what a run stores.

/** A score has moved when it changed by more than this many points (of 100) between two runs. */
export const SCORE_MOVE_THRESHOLD = 5;

/** The scores a watch compares, with the words the diff uses for them. */
export const WATCHED_SCORES = {
  opportunityScore: 'Opportunity',
  innovationScore: 'Innovation',
  marketSize: 'Market size',
  feasibility: 'Feasibility',
  confidenceScore: 'Confidence',
} as const;
export type WatchedScore = keyof typeof WATCHED_SCORES;
export const WATCHED_SCORE_KEYS = Object.keys(WATCHED_SCORES) as WatchedScore[];
const watchedScoreSchema = z.enum([
  'opportunityScore',
  'innovationScore',
  'marketSize',
  'feasibility',
  'confidenceScore',
]);

const factorSnapshotSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  contribution: z.number(),
  explanation: z.string(),
});

/** What one run keeps of an analysis: enough to say what changed, not the whole text. */
export const watchSnapshotSchema = z.object({
  status: z.enum(['ok', 'insufficient_data']),
  opportunities: z.array(
    z.object({
      /** offering | segment: the same market cell across corpus versions. */
      key: z.string(),
      title: z.string(),
      /** Null: the market was not sized on that run (only market size can be). */
      scores: z.record(watchedScoreSchema, z.number().nullable()),
      factors: z.record(watchedScoreSchema, z.array(factorSnapshotSchema)),
    }),
  ),
  companies: z.array(z.object({ name: z.string(), status: z.string().nullable(), batch: z.string().nullable() })),
});
export type WatchSnapshot = z.infer<typeof watchSnapshotSchema>;

export const watchDiffSchema = z.object({
  entered: z.array(z.object({ name: z.string(), batch: z.string().nullable(), status: z.string().nullable() })),
  left: z.array(z.object({ name: z.string() })),
  statusChanges: z.array(z.object({ name: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
  appeared: z.array(z.object({ title: z.string() })),
  vanished: z.array(z.object({ title: z.string() })),
  scoreMoves: z.array(
    z.object({
      opportunity: z.string(),
      score: z.string(),
      /** Null: not sized on that run (market size only). */
      from: z.number().nullable(),
      to: z.number().nullable(),
      /** The breakdown factor whose contribution moved most, with its explanation on the new run. */
      factor: z.object({ label: z.string(), from: z.number(), to: z.number(), explanation: z.string() }).nullable(),
    }),
  ),
  /** The analysis answered on one run and abstained on the other. */
  statusChange: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type WatchDiff = z.infer<typeof watchDiffSchema>;

export const watchRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['baseline', 'rerun']),
  corpusVersion: z.string(),
  ranAt: z.string(),
  changes: z.number().int(),
  diff: watchDiffSchema.nullable(),
});
export type WatchRunDto = z.infer<typeof watchRunSchema>;

/** GET/POST/DELETE /api/searches/:id/watch: whether the analysis is watched, its runs, and the plan's allowance. */
export const watchStateSchema = z.object({
  isWatching: z.boolean(),
  watchedSince: z.string().nullable(),
  /** Newest first. */
  runs: z.array(watchRunSchema),
  used: z.number().int(),
  limit: z.number().int(),
  /**
   * The watch is beyond the plan's limit (the user watched more markets on a bigger plan): it is kept,
   * with its history, but not re-run until the plan allows it again (watchPausedMessage says why).
   */
  isPaused: z.boolean(),
  pausedReason: z.string().nullable(),
});
export type WatchState = z.infer<typeof watchStateSchema>;

export function watchLimitMessage(limit: number): string {
  return `Your plan can watch ${limit} ${limit === 1 ? 'market' : 'markets'}. Stop watching another one or upgrade to watch more.`;
}

/** Why a watch beyond the plan's limit is paused, and what resumes it. */
export function watchPausedMessage(limit: number): string {
  return `Paused: your plan watches ${limit} ${limit === 1 ? 'market' : 'markets'} and this one is beyond it, so it is not re-run on new data. Upgrade, or stop watching a market you started watching earlier, to resume it.`;
}

/** Beside the watch button of a paused watch; "What changed" gives watchPausedMessage. */
export const WATCH_PAUSED_NOTE = 'Paused: beyond your plan’s limit. See “What changed”.';

/** What the history says of a re-run that found nothing new. */
export const UNCHANGED_RUN_LINE = 'Nothing changed in this market on the new data.';
