import { and, asc, count, desc, eq, lt, or } from 'drizzle-orm';
import type { GapAnalysis } from '#shared/engine/analysis.schemas.ts';
import { PLANS } from '#shared/plans/plans.constants.ts';
import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import {
  watchLimitMessage,
  watchPausedMessage,
  type WatchRunDto,
  type WatchState,
} from '#shared/watches/watches.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import {
  corpusRefreshes,
  searchResults,
  searches,
  users,
  watchRuns,
  watches,
  type UserRow,
  type WatchRunRow,
} from '../../db/schema/index.ts';
import { accessibleRow } from '../../lib/access/policy.ts';
import { userPrincipal } from '../../lib/access/principal.ts';
import { searchResource } from '../../lib/access/resources.ts';
import { effectivePlan } from '../../lib/domain/effective-plan.ts';
import { notifyMarketChanged } from '../../lib/domain/notify.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { changeCount, diffHeadline, diffSnapshots, snapshotOf } from './watch-diff.logic.ts';

// Watched markets (issue 33, ADR 035): start and stop watching an analysis (owner only, plan-limited,
// exact under concurrency), and re-run one watch on a corpus version (idempotent per version).

/** Runs shown on the analysis page (newest first). */
const RUNS_SHOWN = 20;

type Db = Database | Tx;

/** The caller's own analysis (404 for anyone else's, like every owner-only analysis route). */
async function ownSearch(db: Db, userId: number, searchId: number) {
  const [row] = await db
    .select({ id: searches.id, corpusVersion: searches.corpusVersion, status: searches.status })
    .from(searches)
    .where(accessibleRow(searchResource, searchId, userPrincipal(userId), 'write'));
  if (!row) throw notFound(searchResource.label);
  return row;
}

function toRunDto(row: WatchRunRow): WatchRunDto {
  return {
    id: row.id,
    kind: row.kind,
    corpusVersion: row.corpusVersion,
    ranAt: row.ranAt.toISOString(),
    changes: row.changes,
    diff: row.diff,
  };
}

/**
 * Whether a watch is beyond its owner's plan limit, from the plan the user has now (ADR 035): the
 * oldest watches up to the limit are active, the newer ones are paused. Computed on every read, like
 * the plan itself, so every way a plan ends (a cancelled subscription, an expired trial, an admin's
 * change) pauses the newest watches at once, and upgrading again resumes them; nothing is deleted.
 */
async function isBeyondLimit(
  db: Db,
  user: UserRow,
  watch: { id: number; createdAt: Date },
  now: Date,
): Promise<{ isPaused: boolean; limit: number }> {
  const limit = PLANS[effectivePlan(user, now)].maxWatches;
  const [older] = await db
    .select({ n: count() })
    .from(watches)
    .where(
      and(
        eq(watches.userId, user.id),
        or(
          lt(watches.createdAt, watch.createdAt),
          and(eq(watches.createdAt, watch.createdAt), lt(watches.id, watch.id)),
        ),
      ),
    );
  return { isPaused: Number(older?.n ?? 0) >= limit, limit };
}

async function stateOf(db: Db, user: UserRow, searchId: number, now: Date): Promise<WatchState> {
  const [watch] = await db.select().from(watches).where(eq(watches.searchId, searchId));
  const paused = watch ? await isBeyondLimit(db, user, watch, now) : null;
  const [used] = await db.select({ n: count() }).from(watches).where(eq(watches.userId, user.id));
  const runs = watch
    ? await db
        .select()
        .from(watchRuns)
        .where(eq(watchRuns.watchId, watch.id))
        .orderBy(desc(watchRuns.id))
        .limit(RUNS_SHOWN)
    : [];
  return {
    isWatching: Boolean(watch),
    watchedSince: watch ? watch.createdAt.toISOString() : null,
    runs: runs.map(toRunDto),
    used: Number(used?.n ?? 0),
    limit: PLANS[effectivePlan(user, now)].maxWatches,
    isPaused: paused?.isPaused ?? false,
    pausedReason: paused?.isPaused ? watchPausedMessage(paused.limit) : null,
  };
}

export async function getWatchState(options: { db: Database; user: UserRow; searchId: number; now: Date }) {
  const { db, user, searchId, now } = options;
  await ownSearch(db, user.id, searchId);
  return stateOf(db, user, searchId, now);
}

/** The stored analysis as a snapshot: the watch's baseline run. */
async function storedSnapshot(db: Db, searchId: number, status: 'ok' | 'insufficient_data') {
  const rows = await db
    .select()
    .from(searchResults)
    .where(eq(searchResults.searchId, searchId))
    .orderBy(asc(searchResults.rank));
  return snapshotOf({ status, opportunities: rows });
}

/**
 * Starts watching (idempotent: watching a watched analysis changes nothing). The plan's limit holds
 * under concurrency: the user's row is locked for the transaction, so two requests count one after
 * the other.
 */
export async function startWatch(options: { db: Database; user: UserRow; searchId: number; now: Date }) {
  const { db, searchId, now } = options;
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, options.user.id)).for('update');
    if (!user) throw notFound(searchResource.label);
    const search = await ownSearch(tx, user.id, searchId);
    const [existing] = await tx.select({ id: watches.id }).from(watches).where(eq(watches.searchId, searchId));
    if (!existing) {
      const limit = PLANS[effectivePlan(user, now)].maxWatches;
      const [used] = await tx.select({ n: count() }).from(watches).where(eq(watches.userId, user.id));
      if (Number(used?.n ?? 0) >= limit) throw new AppError('QUOTA_EXCEEDED', watchLimitMessage(limit));
      const [watch] = await tx
        .insert(watches)
        .values({ userId: user.id, searchId, createdAt: now })
        .returning({ id: watches.id });
      await tx.insert(watchRuns).values({
        watchId: watch!.id,
        corpusVersion: search.corpusVersion,
        kind: 'baseline',
        ranAt: now,
        snapshot: await storedSnapshot(tx, searchId, search.status),
        diff: null,
        changes: 0,
      });
    }
    return stateOf(tx, user, searchId, now);
  });
}

export async function stopWatch(options: { db: Database; user: UserRow; searchId: number; now: Date }) {
  const { db, user, searchId, now } = options;
  await ownSearch(db, user.id, searchId);
  await db.delete(watches).where(and(eq(watches.searchId, searchId), eq(watches.userId, user.id)));
  return stateOf(db, user, searchId, now);
}

/** Every watch's id, for the re-runs after a corpus swap. */
export async function allWatchIds(db: Database): Promise<number[]> {
  const rows = await db.select({ id: watches.id }).from(watches).orderBy(asc(watches.id));
  return rows.map((r) => r.id);
}

export type RerunEngine = {
  analyze(
    input: { query: string; filters: SearchFilters },
    options?: { priority?: 'interactive' | 'background' },
  ): Promise<GapAnalysis>;
  status(): { corpusVersion: string };
};

export type RerunOutcome = 'gone' | 'done-before' | 'paused' | 'superseded' | 'unchanged' | 'changed';

/**
 * Re-runs one watch on a corpus version (the `watches.rerun` job). Idempotent: the run is unique per
 * (watch, version) and its notification is written in the same transaction, so a retry after a crash
 * neither runs twice nor notifies twice. The search quota is not touched: this is not a search.
 * A failure throws (the job retries with backoff) and writes nothing, so it never notifies. A watch
 * beyond its owner's plan limit is paused: it is not re-run (and the job ends), until the plan allows it.
 */
export async function rerunWatch(options: {
  db: Database;
  engine: RerunEngine;
  now: () => Date;
  watchId: number;
  corpusVersion: string;
}): Promise<RerunOutcome> {
  const { db, engine, watchId, corpusVersion } = options;
  const [watch] = await db
    .select({
      id: watches.id,
      userId: watches.userId,
      searchId: watches.searchId,
      createdAt: watches.createdAt,
      query: searches.query,
      filters: searches.filters,
      user: users,
    })
    .from(watches)
    .innerJoin(searches, eq(searches.id, watches.searchId))
    .innerJoin(users, eq(users.id, watches.userId))
    .where(eq(watches.id, watchId));
  if (!watch) return 'gone';
  const [done] = await db
    .select({ id: watchRuns.id })
    .from(watchRuns)
    .where(and(eq(watchRuns.watchId, watchId), eq(watchRuns.corpusVersion, corpusVersion)));
  if (done) return 'done-before';
  if ((await isBeyondLimit(db, watch.user, watch, options.now())).isPaused) return 'paused';

  const serving = engine.status().corpusVersion;
  if (serving !== corpusVersion) {
    // Another version was activated since this job was queued: that version's jobs re-run the
    // watch. Otherwise this instance has not loaded the version yet: retry later.
    const [latest] = await db
      .select({ version: corpusRefreshes.version })
      .from(corpusRefreshes)
      .where(eq(corpusRefreshes.status, 'activated'))
      .orderBy(desc(corpusRefreshes.id))
      .limit(1);
    if (latest && latest.version !== corpusVersion) return 'superseded';
    throw new Error(`This instance serves corpus ${serving}, not ${corpusVersion} yet.`);
  }

  // Background priority: re-runs after a swap queue behind every person's search (engine pool).
  const analysis = await engine.analyze({ query: watch.query, filters: watch.filters }, { priority: 'background' });
  if (analysis.corpus.version !== corpusVersion)
    throw new Error(`The engine answered from corpus ${analysis.corpus.version}, not ${corpusVersion}.`);
  const snapshot = snapshotOf(analysis);

  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select()
      .from(watchRuns)
      .where(eq(watchRuns.watchId, watchId))
      .orderBy(desc(watchRuns.id))
      .limit(1);
    const diff = previous ? diffSnapshots(previous.snapshot, snapshot) : null;
    const changes = diff ? changeCount(diff) : 0;
    const now = options.now();
    const inserted = await tx
      .insert(watchRuns)
      .values({ watchId, corpusVersion, kind: 'rerun', ranAt: now, snapshot, diff, changes })
      .onConflictDoNothing()
      .returning({ id: watchRuns.id });
    if (inserted.length === 0) return 'done-before';
    if (!diff || changes === 0) return 'unchanged';
    await notifyMarketChanged(tx, {
      userId: watch.userId,
      searchId: watch.searchId,
      headline: diffHeadline(diff),
      now,
    });
    return 'changed';
  });
}
