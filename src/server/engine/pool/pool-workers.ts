import { Worker } from 'node:worker_threads';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import type { EngineStatus } from '../engine.ts';
import { settle, type Job, type JobMessage } from './pool-jobs.ts';
import type { FromWorker } from './pool-protocol.ts';
import type { ThreadPriority } from './thread-priority.ts';

// The engine pool's threads (docs/decisions/029): starting a worker, replacing one that dies (its
// open jobs fail), and the corpus swap — a new generation of workers loads while the current one
// keeps answering, then takes over in one synchronous step; the old workers retire when idle.

const RESPAWN_DELAY_MS = [250, 1_000, 5_000, 30_000];

export type Slot = {
  worker: Worker;
  ready: boolean;
  jobs: Map<number, Job>;
  /** A worker of the next corpus generation, loading: it takes no work until the swap. */
  pending: boolean;
  /** A worker of the previous generation: it takes no new work and exits when its jobs are done. */
  retiring: boolean;
  status: EngineStatus | null;
  thread: ThreadPriority | null;
};

/** A slot that takes work: ready, of the current generation. */
export const isServing = (slot: Slot) => slot.ready && !slot.pending && !slot.retiring;

export type WorkerSet = ReturnType<typeof createWorkerSet>;

export function createWorkerSet(options: {
  url: URL;
  env: Env;
  size: number;
  slotsPerWorker: number;
  /** The `chrt` each worker joins the idle class with (thread-priority.ts); null: nice alone. */
  chrt: string | null;
  /** A worker's message about one of its jobs. */
  onJobMessage: (slot: Slot, message: JobMessage) => void;
  /** A worker became ready, or retired: work may be dispatched. */
  onCapacity: () => void;
}) {
  const slots = new Set<Slot>();
  let status: EngineStatus | null = null;
  let closing = false;
  let failedStarts = 0;
  /** The environment workers start with: DATASETS_DIR changes when the corpus is swapped. */
  let workerEnv = options.env;
  let swapping = false;

  function spawn(pending?: Slot[]): Promise<void> {
    return new Promise((resolveStart, rejectStart) => {
      const worker = new Worker(options.url, { workerData: { env: workerEnv, chrt: options.chrt } });
      worker.unref();
      const slot: Slot = {
        worker,
        ready: false,
        jobs: new Map(),
        pending: pending !== undefined,
        retiring: false,
        status: null,
        thread: null,
      };
      pending?.push(slot);
      slots.add(slot);
      let fatal: string | null = null;
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') {
          slot.ready = true;
          slot.status = message.status;
          slot.thread = message.thread ?? null;
          if (!slot.pending) status = message.status;
          failedStarts = 0;
          resolveStart();
          options.onCapacity();
        } else if (message.type === 'status') {
          slot.status = message.status;
          if (!slot.pending && !slot.retiring) status = message.status;
        } else if (message.type === 'fatal') fatal = message.message;
        else options.onJobMessage(slot, message);
      });
      // An uncaught exception in the worker: 'exit' follows and does the clean-up.
      worker.on('error', (error) => {
        fatal ??= error.message;
      });
      worker.on('exit', (code) => {
        slots.delete(slot);
        const reason = `The analysis engine stopped unexpectedly (${fatal ?? `exit code ${String(code)}`}). Please try again.`;
        for (const job of slot.jobs.values()) settle(job, () => job.reject(new Error(reason)));
        slot.jobs.clear();
        if (!slot.ready)
          rejectStart(new Error(`An engine worker could not start: ${fatal ?? `exit code ${String(code)}`}`));
        if (closing || slot.pending || slot.retiring) return;
        // Replace it; a worker that keeps failing to start is retried less and less often.
        const delay = slot.ready ? 0 : RESPAWN_DELAY_MS[Math.min(failedStarts++, RESPAWN_DELAY_MS.length - 1)]!;
        setTimeout(() => {
          if (!closing) spawn().catch(() => undefined);
        }, delay).unref();
      });
    });
  }

  /** Ends the workers of the previous generation that have no job left. */
  function retireIdle(): void {
    for (const slot of slots) {
      if (slot.retiring && slot.jobs.size === 0) {
        slots.delete(slot);
        void slot.worker.terminate();
      }
    }
  }

  async function swapCorpus(datasetsDir: string | undefined): Promise<EngineStatus> {
    if (closing) throw new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down.');
    if (swapping) throw new AppError('CONFLICT', 'A corpus is already being loaded.');
    swapping = true;
    const previousEnv = workerEnv;
    const next: Slot[] = [];
    try {
      workerEnv = { ...previousEnv, DATASETS_DIR: datasetsDir };
      try {
        await Promise.all(Array.from({ length: options.size }, () => spawn(next)));
      } catch (error) {
        workerEnv = previousEnv;
        for (const slot of next) {
          slot.retiring = true;
          slots.delete(slot);
          void slot.worker.terminate();
        }
        throw error;
      }
      // The swap itself: synchronous, so no analysis is dispatched half-way through it.
      for (const slot of slots) if (!next.includes(slot)) slot.retiring = true;
      for (const slot of next) slot.pending = false;
      status = next[0]!.status;
      retireIdle();
      options.onCapacity();
      return status!;
    } finally {
      swapping = false;
    }
  }

  return {
    slots,
    /** Starts the first generation; rejects (with every worker ended) when one cannot start. */
    async start(): Promise<void> {
      await Promise.all(Array.from({ length: options.size }, () => spawn())).catch(async (error: unknown) => {
        closing = true;
        await Promise.all([...slots].map((s) => s.worker.terminate()));
        throw error;
      });
    },
    swapCorpus,
    retireIdle,
    status: () => status!,
    /** The serving slot with the fewest jobs and room for one more; null when every slot is taken. */
    freeSlot(): Slot | null {
      let best: Slot | null = null;
      for (const slot of slots) {
        if (slot.pending || slot.retiring) continue;
        if (slot.ready && slot.jobs.size < options.slotsPerWorker && (!best || slot.jobs.size < best.jobs.size))
          best = slot;
      }
      return best;
    },
    /** Sends a cancel to the worker running the job, if one is. */
    cancel(job: Job): void {
      for (const slot of slots) if (slot.jobs.has(job.id)) slot.worker.postMessage({ type: 'cancel', id: job.id });
    },
    async close(): Promise<void> {
      closing = true;
      await Promise.all([...slots].map((s) => s.worker.terminate()));
    },
  };
}
