import { index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { WatchDiff, WatchSnapshot } from '#shared/watches/watches.schemas.ts';
import { timestamptz } from './columns.ts';
import { searches } from './searches.ts';
import { users } from './users.ts';

// Watched markets (issue 33, ADR 035). A watch re-runs its analysis's query and filters on each new
// corpus version; each run keeps a compact snapshot of what the engine answered and the diff against
// the run before it. One watch per analysis; deleting the analysis (or the user) deletes the watch and
// its runs. A run is unique per (watch, corpus version): the re-run job is idempotent through it.
export const watches = pgTable(
  'watches',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchId: integer()
      .notNull()
      .references(() => searches.id, { onDelete: 'cascade' }),
    createdAt: timestamptz().notNull(),
  },
  (t) => [uniqueIndex('watches_search_idx').on(t.searchId), index('watches_user_idx').on(t.userId)],
);

export const watchRuns = pgTable(
  'watch_runs',
  {
    id: serial().primaryKey(),
    watchId: integer()
      .notNull()
      .references(() => watches.id, { onDelete: 'cascade' }),
    corpusVersion: text().notNull(),
    /** `baseline`: the analysis as it was when the watch started; `rerun`: a re-run on a new corpus version. */
    kind: varchar({ length: 10, enum: ['baseline', 'rerun'] }).notNull(),
    ranAt: timestamptz().notNull(),
    snapshot: jsonb().$type<WatchSnapshot>().notNull(),
    /** Against the run before this one; null for the baseline. */
    diff: jsonb().$type<WatchDiff>(),
    /** Lines of the diff (0: nothing changed). */
    changes: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('watch_runs_version_idx').on(t.watchId, t.corpusVersion),
    index('watch_runs_watch_idx').on(t.watchId, t.id.desc()),
  ],
);

export type WatchRow = typeof watches.$inferSelect;
export type WatchRunRow = typeof watchRuns.$inferSelect;

// Corpus refreshes (issue 33): each attempt to load a new corpus version at run time and its result,
// so the admin console can show the last one after a restart, and a re-run job can tell a version that
// was superseded from one this instance has not loaded yet.
export const corpusRefreshes = pgTable(
  'corpus_refreshes',
  {
    id: serial().primaryKey(),
    /** What was loaded: a DATASETS_DIR path, or '(seed)'. */
    source: text().notNull(),
    status: varchar({ length: 12, enum: ['building', 'activated', 'unchanged', 'failed'] }).notNull(),
    /** The version built (null while building or when loading failed). */
    version: text(),
    /** The version that was current when the refresh started. */
    previousVersion: text(),
    error: text(),
    startedAt: timestamptz().notNull(),
    finishedAt: timestamptz(),
    /** Watch re-runs enqueued after the swap. */
    rerunsEnqueued: integer().notNull().default(0),
  },
  (t) => [index('corpus_refreshes_started_idx').on(t.startedAt.desc())],
);

export type CorpusRefreshRow = typeof corpusRefreshes.$inferSelect;
