import { AppError } from '../../lib/platform/app-error.ts';
import type { Job } from './pool-jobs.ts';

// The engine pool's waiting work (docs/decisions/029): a bounded FIFO queue for people's analyses
// and one of its own, bounded the same way, for background work (watch re-runs after a corpus swap,
// issue 33). Background work runs only when no interactive work waits, and on at most all slots but
// one, so a person's search never waits behind a backlog of re-runs. A waiting analysis hears its
// queue position (onQueued); a full queue is a 503 with a Retry-After estimated from recent durations.

const FIRST_ESTIMATE_MS = 2_000;
const MAX_RETRY_AFTER_S = 60;

export type JobQueue = ReturnType<typeof createJobQueue>;

export function createJobQueue(options: { queueLimit: number; backgroundSlots: number }) {
  const interactive: Job[] = [];
  const background: Job[] = [];
  /** Recent analyses' duration, smoothed: what a Retry-After is estimated from. */
  let averageMs = FIRST_ESTIMATE_MS;
  const waitingFor = (isBackground: boolean) => (isBackground ? background : interactive);

  /** Tells each waiting analysis its place in the queue when it changed (the queue is short: bounded). */
  function reportPositions(): void {
    interactive.forEach((job, index) => {
      const position = index + 1;
      if (job.settled || job.reportedPosition === position) return;
      job.reportedPosition = position;
      job.options.onQueued?.(position);
    });
  }

  return {
    reportPositions,
    get queued() {
      return interactive.length;
    },
    get backgroundQueued() {
      return background.length;
    },
    /** Null when the job may wait; else the 503 its caller gets (a free slot takes interactive work at once). */
    refusal(isBackground: boolean, hasFreeSlot: boolean, capacity: number): AppError | null {
      const waiting = waitingFor(isBackground);
      if (!isBackground && hasFreeSlot) return null;
      if (waiting.length < options.queueLimit) return null;
      const seconds = Math.ceil(((waiting.length + 1) * averageMs) / Math.max(1, capacity) / 1000);
      return new AppError(
        'SERVICE_UNAVAILABLE',
        'The analysis engine is busy with other analyses. Please try again in a moment.',
        undefined,
        { 'retry-after': String(Math.min(MAX_RETRY_AFTER_S, Math.max(1, seconds))) },
      );
    },
    push(job: Job): void {
      waitingFor(job.isBackground).push(job);
    },
    /** Takes a job out of its queue (its caller gave up); false when it was not waiting. */
    remove(job: Job): boolean {
      const waiting = waitingFor(job.isBackground);
      const at = waiting.indexOf(job);
      if (at < 0) return false;
      waiting.splice(at, 1);
      reportPositions();
      return true;
    },
    /** The next job to run: interactive first; background only within its share of the slots. */
    next(runningBackground: number): Job | undefined {
      if (interactive.length > 0) return interactive.shift();
      if (background.length > 0 && runningBackground < options.backgroundSlots) return background.shift();
      return undefined;
    },
    /** A job finished after `elapsedMs` in a worker. */
    finished(elapsedMs: number): void {
      averageMs = averageMs * 0.8 + elapsedMs * 0.2;
    },
    /** Empties both queues (the pool is closing) and returns what waited. */
    drain(): Job[] {
      return [...interactive.splice(0), ...background.splice(0)];
    },
  };
}
