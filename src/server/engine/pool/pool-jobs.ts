import type { AnalyzeOptions } from '../engine.ts';
import { workerFailure, type FromWorker, type ToWorker } from './pool-protocol.ts';

// One piece of work in the engine pool (docs/decisions/029) and how its caller hears about it: the
// worker's progress and final messages become the caller's callbacks and promise, once.

export type Job = {
  id: number;
  message: Exclude<ToWorker, { type: 'cancel' }>;
  options: AnalyzeOptions;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** The caller has its answer (or gave up): later messages for this job are ignored. */
  settled: boolean;
  startedAt: number;
  /** The queue position last reported through onQueued (0: none yet). */
  reportedPosition: number;
  onAbort: () => void;
  /** Background priority: its own queue, dispatched after interactive work. */
  isBackground: boolean;
};

/** A worker's message about one job. */
export type JobMessage = Exclude<FromWorker, { type: 'ready' | 'status' | 'fatal' }>;

/** Answers the job's caller once; a job already answered (or abandoned) stays as it was. */
export function settle(job: Job, answer: () => void): void {
  if (job.settled) return;
  job.settled = true;
  job.options.signal?.removeEventListener('abort', job.onAbort);
  answer();
}

/** Passes a worker's message to the job's caller; true when it was the job's last (an answer or a failure). */
export function deliver(job: Job, message: JobMessage): boolean {
  switch (message.type) {
    case 'stage':
      if (!job.settled) job.options.onStage?.(message.stage);
      return false;
    case 'opportunity':
      if (!job.settled) job.options.onOpportunity?.(message.opportunity);
      return false;
    case 'failed':
      settle(job, () => job.reject(workerFailure(message.error)));
      return true;
    case 'analysis':
      settle(job, () => job.resolve(message.analysis));
      return true;
    case 'profile':
      settle(job, () => job.resolve(message.result));
      return true;
    case 'trendsCorpus':
      settle(job, () => job.resolve(message.corpus));
      return true;
  }
}
