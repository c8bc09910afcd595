import os from 'node:os';
import type { GapAnalysis } from '#shared/engine/analysis.schemas.ts';
import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import { systemPath, type Env } from '../../env.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import type { AnalyzeOptions, Engine, EngineStatus } from '../engine.ts';
import { schedulingNotice } from './engine-scheduling.ts';
import { createJobQueue } from './job-queue.ts';
import { deliver, settle, type Job } from './pool-jobs.ts';
import { abortError, type MarketProfileResult } from './pool-protocol.ts';
import { createWorkerSet, isServing } from './pool-workers.ts';
import { findChrt, type ThreadPriority } from './thread-priority.ts';
import type { TrendsCorpus } from './trends-corpus.ts';

// The engine off the request thread (docs/decisions/029): analyses, market profiles and the trends
// corpus run in a pool of worker threads (pool-workers.ts), each with its own read-only copy of the
// index; work waits in bounded queues (job-queue.ts). This file joins them: it dispatches waiting
// work to free workers, turns an AbortSignal into a cancel message, and says once at start-up how
// the threads are scheduled (engine-scheduling.ts).

export type { MarketProfileResult };

export type PoolLoad = {
  workers: number;
  /** Workers that have loaded the index and take work. */
  ready: number;
  running: number;
  queued: number;
  /** Background analyses (watch re-runs) waiting, apart from `queued`. */
  backgroundQueued: number;
  queueLimit: number;
  /** Every slot is taken: new analyses wait in the queue (or are refused when it is full). */
  saturated: boolean;
};

export type EnginePool = Engine & {
  marketProfile(text: string, options?: { signal?: AbortSignal }): Promise<MarketProfileResult>;
  /** What the trends screens read from the index, built by a worker (trends-corpus.ts). */
  trendsCorpus(options?: { signal?: AbortSignal }): Promise<TrendsCorpus>;
  load(): PoolLoad;
  /** The answering workers' threads and their nice values (docs/decisions/045); empty where not lowered. */
  threads(): ThreadPriority[];
  /**
   * Loads the corpus again from `datasetsDir` (undefined: the seed corpus) in a new generation of
   * workers while the current ones keep answering, then swaps them in one synchronous step: every
   * analysis dispatched after the swap runs on the new corpus, every one already running finishes on
   * the old one (its worker retires when idle). A corpus that fails to load leaves the pool as it was.
   */
  swapCorpus(datasetsDir: string | undefined): Promise<EngineStatus>;
  close(): Promise<void>;
};

export type EnginePoolOptions = {
  env: Env;
  workers: number;
  queueLimit: number;
  /** Jobs one worker runs at once: 1 for the CPU-bound offline engine; more when an LLM composer waits on the network. */
  slotsPerWorker?: number;
  /** Tests point this at a scripted worker. */
  workerUrl?: URL;
  /** Told once at start-up when the threads are not scheduled as designed (engine-scheduling.ts). */
  log?: { info: (message: string) => void; warn: (message: string) => void };
  /** Where `chrt` is (default: looked up on PATH); null: the threads stay at nice 19 alone. */
  findChrt?: () => string | null;
};

/** ENGINE_WORKERS unset: one worker per core beyond the first (the request thread keeps one), at most 2. */
export function defaultWorkerCount(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(2, cores - 1));
}

const WORKER_URL = new URL('./engine-worker.mjs', import.meta.url);

export async function createEnginePool(options: EnginePoolOptions): Promise<EnginePool> {
  const { queueLimit, log } = options;
  const size = Math.max(1, options.workers);
  const slotsPerWorker = Math.max(1, options.slotsPerWorker ?? 1);
  const priority = options.env.ENGINE_THREAD_PRIORITY;
  // Looked up only for threads that lower themselves (ENGINE_THREAD_PRIORITY=low, ADR 063).
  const chrt = priority === 'normal' ? null : options.findChrt ? options.findChrt() : findChrt(systemPath());
  /** Slots background work may hold at once: all but one, so an interactive analysis finds one free. */
  const queue = createJobQueue({ queueLimit, backgroundSlots: Math.max(1, size * slotsPerWorker - 1) });
  const workers = createWorkerSet({
    url: options.workerUrl ?? WORKER_URL,
    env: options.env,
    size,
    slotsPerWorker,
    chrt,
    onJobMessage(slot, message) {
      const job = slot.jobs.get(message.id);
      if (!job || !deliver(job, message)) return;
      slot.jobs.delete(job.id);
      queue.finished(performance.now() - job.startedAt);
      workers.retireIdle();
      dispatch();
    },
    onCapacity: () => dispatch(),
  });
  let nextId = 1;
  let closing = false;

  function runningBackground(): number {
    let n = 0;
    for (const slot of workers.slots) for (const job of slot.jobs.values()) if (job.isBackground) n++;
    return n;
  }

  function dispatch(): void {
    for (let slot = workers.freeSlot(); slot; slot = workers.freeSlot()) {
      const job = queue.next(runningBackground());
      if (!job) return;
      if (job.settled) continue;
      job.startedAt = performance.now();
      slot.jobs.set(job.id, job);
      slot.worker.postMessage(job.message);
    }
    queue.reportPositions();
  }

  function submit<T>(message: Job['message'], options: AnalyzeOptions): Promise<T> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (closing) return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down.'));
    const isBackground = options.priority === 'background';
    const capacity = Math.max(1, workers.slots.size) * slotsPerWorker;
    const refused = queue.refusal(isBackground, workers.freeSlot() !== null, capacity);
    if (refused) return Promise.reject(refused);
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        id: message.id,
        message,
        options,
        resolve: resolve as (value: unknown) => void,
        reject,
        settled: false,
        startedAt: 0,
        reportedPosition: 0,
        isBackground,
        onAbort: () => {
          if (!queue.remove(job)) workers.cancel(job);
          settle(job, () => job.reject(abortError(signal!)));
        },
      };
      signal?.addEventListener('abort', job.onAbort, { once: true });
      queue.push(job);
      dispatch();
    });
  }

  try {
    await workers.start();
  } catch (error) {
    closing = true;
    throw error;
  }
  const notice = schedulingNotice({
    priority,
    platform: process.platform,
    chrt,
    threads: [...workers.slots].map((slot) => slot.thread),
  });
  if (notice) log?.[notice.level](notice.message);

  return {
    analyze(input: { query: string; filters: SearchFilters }, opts: AnalyzeOptions = {}): Promise<GapAnalysis> {
      const progress = Boolean(opts.onStage ?? opts.onOpportunity); // only when listened to (ADR 048)
      return submit({ type: 'analyze', id: nextId++, input, progress }, opts);
    },
    marketProfile(text, opts = {}) {
      return submit({ type: 'profile', id: nextId++, text }, opts.signal ? { signal: opts.signal } : {});
    },
    trendsCorpus(opts = {}) {
      return submit({ type: 'trendsCorpus', id: nextId++ }, opts.signal ? { signal: opts.signal } : {});
    },
    status: () => workers.status(),
    swapCorpus: (datasetsDir) => workers.swapCorpus(datasetsDir),
    threads: () => [...workers.slots].flatMap((s) => (s.thread && isServing(s) ? [s.thread] : [])),
    load() {
      let running = 0;
      let ready = 0;
      for (const slot of workers.slots) {
        running += slot.jobs.size;
        if (isServing(slot)) ready++;
      }
      return {
        workers: size,
        ready,
        running,
        queued: queue.queued,
        backgroundQueued: queue.backgroundQueued,
        queueLimit,
        saturated: workers.freeSlot() === null,
      };
    },
    async close() {
      closing = true;
      for (const job of queue.drain())
        settle(job, () => job.reject(new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down.')));
      await workers.close();
    },
  };
}
