import { z } from 'zod';
import { defineJob, type JobDefinition, type JobQueue } from '../../lib/jobs/job.ts';
import { allWatchIds, rerunWatch, type RerunEngine } from './watches.service.ts';

// The re-run of one watched analysis on one corpus version (ADR 035): durable (pg-boss or the table
// runner), keyed by (watch, version) so it is queued once, and idempotent through the run's unique
// row. A failure (the engine busy or failing, the database away) retries with backoff and writes
// nothing, so it never notifies; after its retries it is a dead letter the admin can see.

const rerunPayload = z.object({ watchId: z.number().int().min(1), corpusVersion: z.string().min(1).max(100) });
export type RerunPayload = z.infer<typeof rerunPayload>;

export function watchRerunJob(engine: () => RerunEngine): JobDefinition<RerunPayload> {
  return defineJob({
    name: 'watches.rerun',
    payload: rerunPayload,
    retry: { limit: 4, delaySeconds: 30, backoff: true },
    timeoutSeconds: 600,
    handle: async (payload, { deps }) => {
      const outcome = await rerunWatch({
        db: deps.db,
        engine: engine(),
        now: () => deps.clock.now(),
        watchId: payload.watchId,
        corpusVersion: payload.corpusVersion,
      });
      deps.log.info({ job: 'watches.rerun', ...payload, outcome }, 'watch re-run');
    },
  });
}

/** Queues every watch's re-run on a new version; returns how many were queued. */
export async function enqueueReruns(options: {
  db: Parameters<typeof allWatchIds>[0];
  jobs: JobQueue;
  job: JobDefinition<RerunPayload>;
  corpusVersion: string;
}): Promise<number> {
  const { jobs, job, corpusVersion } = options;
  let queued = 0;
  for (const watchId of await allWatchIds(options.db)) {
    const id = await jobs.enqueue(job, { watchId, corpusVersion }, { key: `watch-rerun:${watchId}:${corpusVersion}` });
    if (id !== null) queued++;
  }
  return queued;
}
