import type { DatabaseHandle } from '../../db/client.ts';
import { createInProcessQueue } from './in-process-queue.ts';
import type { JobQueue } from './job.ts';
import { createPgBossQueue } from './pg-boss-queue.ts';

/** pg-boss on PostgreSQL, the in-process runner on PGlite: the same JobQueue either way. */
export function createJobQueue(database: DatabaseHandle): JobQueue {
  if (database.kind === 'postgres' && database.pool) return createPgBossQueue({ pool: database.pool });
  return createInProcessQueue({ db: database.db });
}
