import { desc, eq, ne } from 'drizzle-orm';
import type { CorpusRefreshResult, CorpusState } from '#shared/admin/corpus.schemas.ts';
import type { Database } from '../../db/client.ts';
import { corpusRefreshes, type CorpusRefreshRow } from '../../db/schema/index.ts';
import type { EngineStatus } from '../../engine/engine.ts';
import { AppError } from '../../lib/platform/app-error.ts';

// A new corpus version at run time (issue 33, ADR 035): the engine loads DATASETS_DIR again in the
// background and swaps it in when built; a corpus that cannot be loaded keeps the current one and the
// reason is recorded. Each attempt is a corpus_refreshes row, so the console shows the last result
// after a restart and a re-run job can tell a superseded version from one not loaded here yet.
// After a swap to a new version, `afterActivation` queues the watched analyses' re-runs.

const SEED_SOURCE = '(seed corpus)';

export type CorpusRefresher = {
  /** Starts a refresh; resolves with its result (the route does not wait for it). */
  refresh(): Promise<CorpusRefreshResult>;
  state(): Promise<CorpusState>;
  /** Records a refresh that failed before loading (the scheduled fetch): the console shows why. */
  recordFailure(error: string): Promise<CorpusRefreshResult>;
};

function toResult(row: CorpusRefreshRow): CorpusRefreshResult {
  return {
    status: row.status === 'building' ? 'failed' : row.status,
    version: row.version,
    previousVersion: row.previousVersion,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: (row.finishedAt ?? row.startedAt).toISOString(),
    rerunsEnqueued: row.rerunsEnqueued,
  };
}

export function createCorpusRefresher(deps: {
  db: Database;
  now: () => Date;
  datasetsDir: string | undefined;
  status: () => EngineStatus;
  swap: ((datasetsDir: string | undefined) => Promise<EngineStatus>) | null;
  afterActivation: (version: string) => Promise<number>;
}): CorpusRefresher {
  const { db } = deps;
  let building: { startedAt: Date } | null = null;

  async function run(id: number, previousVersion: string): Promise<CorpusRefreshRow> {
    let status: EngineStatus;
    try {
      status = await deps.swap!(deps.datasetsDir);
    } catch (error) {
      const [row] = await db
        .update(corpusRefreshes)
        .set({ status: 'failed', error: (error as Error).message.slice(0, 2000), finishedAt: deps.now() })
        .where(eq(corpusRefreshes.id, id))
        .returning();
      return row!;
    }
    const activated = status.corpusVersion !== previousVersion;
    const [row] = await db
      .update(corpusRefreshes)
      .set({ status: activated ? 'activated' : 'unchanged', version: status.corpusVersion, finishedAt: deps.now() })
      .where(eq(corpusRefreshes.id, id))
      .returning();
    if (!activated) return row!;
    const enqueued = await deps.afterActivation(status.corpusVersion);
    const [done] = await db
      .update(corpusRefreshes)
      .set({ rerunsEnqueued: enqueued })
      .where(eq(corpusRefreshes.id, id))
      .returning();
    return done!;
  }

  return {
    async refresh() {
      if (!deps.swap) throw new AppError('CONFLICT', 'This server cannot load a new corpus at run time.');
      if (building) throw new AppError('CONFLICT', 'A corpus refresh is already running.');
      const startedAt = deps.now();
      building = { startedAt };
      try {
        const previousVersion = deps.status().corpusVersion;
        const [row] = await db
          .insert(corpusRefreshes)
          .values({ source: deps.datasetsDir ?? SEED_SOURCE, status: 'building', previousVersion, startedAt })
          .returning({ id: corpusRefreshes.id });
        return toResult(await run(row!.id, previousVersion));
      } finally {
        building = null;
      }
    },
    async recordFailure(error) {
      const now = deps.now();
      const [row] = await db
        .insert(corpusRefreshes)
        .values({
          source: deps.datasetsDir ?? SEED_SOURCE,
          status: 'failed',
          previousVersion: deps.status().corpusVersion,
          error: error.slice(0, 2000),
          startedAt: now,
          finishedAt: now,
        })
        .returning();
      return toResult(row!);
    },
    async state() {
      const [last] = await db
        .select()
        .from(corpusRefreshes)
        .where(ne(corpusRefreshes.status, 'building'))
        .orderBy(desc(corpusRefreshes.id))
        .limit(1);
      const status = deps.status();
      return {
        current: { version: status.corpusVersion, kind: status.corpusKind },
        source: deps.datasetsDir ?? SEED_SOURCE,
        building: building ? { startedAt: building.startedAt.toISOString() } : null,
        lastRefresh: last ? toResult(last) : null,
        canRefresh: deps.swap !== null,
      };
    },
  };
}
