import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { GapAnalysis } from '#shared/engine/analysis.schemas.ts';
import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import type { AnalyzeOptions, Engine, EngineStatus } from '../engine.ts';
import { abortError, workerFailure } from './pool-protocol.ts';
import type { FromWorker, MarketProfileResult, ToWorker } from './pool-protocol.ts';
import type { ThreadPriority } from './thread-priority.ts';
import type { TrendsCorpus } from './trends-corpus.ts';

// The engine off the request thread (docs/decisions/029): analyses and market profiles run in a
// pool of worker threads, each with its own read-only copy of the index. Work waits in a bounded
// FIFO queue; when it is full the caller gets 503 SERVICE_UNAVAILABLE with a Retry-After estimated
// from recent durations. A waiting analysis hears its queue position (onQueued). Background work
// (watch re-runs after a corpus swap) waits in a queue of its own, bounded the same way: it is
// dispatched only when no interactive work waits, and on at most all slots but one, so a person's
// search never waits behind a backlog of re-runs (issue 33). Progress comes back as messages; an
// AbortSignal becomes a cancel message. A worker that dies fails its open jobs and is replaced.

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
  log?: { info: (message: string) => void }; // told once when a thread cannot be lowered alone (not Linux)
};

/** ENGINE_WORKERS unset: one worker per core beyond the first (the request thread keeps one), at most 2. */
export function defaultWorkerCount(cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(2, cores - 1));
}

const WORKER_URL = new URL('./engine-worker.mjs', import.meta.url);
const FIRST_ESTIMATE_MS = 2_000;
const MAX_RETRY_AFTER_S = 60;
const RESPAWN_DELAY_MS = [250, 1_000, 5_000, 30_000];

type Job = {
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

type Slot = {
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

export async function createEnginePool(options: EnginePoolOptions): Promise<EnginePool> {
  const { env, queueLimit, log } = options;
  const size = Math.max(1, options.workers);
  const slotsPerWorker = Math.max(1, options.slotsPerWorker ?? 1);
  const url = options.workerUrl ?? WORKER_URL;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  const backgroundQueue: Job[] = [];
  /** Slots background work may hold at once: all but one, so an interactive analysis finds one free. */
  const backgroundSlots = Math.max(1, size * slotsPerWorker - 1);
  let status: EngineStatus | null = null;
  let nextId = 1;
  let averageMs = FIRST_ESTIMATE_MS;
  let closing = false;
  let failedStarts = 0;
  /** The environment workers start with: DATASETS_DIR changes when the corpus is swapped. */
  let workerEnv = env;
  let swapping = false;
  let toldPriority = false;

  function spawn(options: { pending?: Slot[] } = {}): Promise<void> {
    return new Promise((resolveStart, rejectStart) => {
      const worker = new Worker(url, { workerData: { env: workerEnv } });
      worker.unref();
      const slot: Slot = {
        worker,
        ready: false,
        jobs: new Map(),
        pending: options.pending !== undefined,
        retiring: false,
        status: null,
        thread: null,
      };
      options.pending?.push(slot);
      slots.add(slot);
      let fatal: string | null = null;
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') {
          slot.ready = true;
          slot.status = message.status;
          slot.thread = message.thread ?? null;
          if (!slot.thread && !toldPriority) {
            toldPriority = true;
            log?.info('Engine workers keep the normal CPU priority: only Linux lowers one thread alone (ADR 045).');
          }
          if (!slot.pending) status = message.status;
          failedStarts = 0;
          resolveStart();
          dispatch();
        } else if (message.type === 'status') {
          slot.status = message.status;
          if (!slot.pending && !slot.retiring) status = message.status;
        } else if (message.type === 'fatal') fatal = message.message;
        else onJobMessage(slot, message);
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

  function settle(job: Job, answer: () => void): void {
    if (job.settled) return;
    job.settled = true;
    job.options.signal?.removeEventListener('abort', job.onAbort);
    answer();
  }

  function onJobMessage(slot: Slot, message: Exclude<FromWorker, { type: 'ready' | 'status' | 'fatal' }>): void {
    const job = slot.jobs.get(message.id);
    if (!job) return;
    switch (message.type) {
      case 'stage':
        if (!job.settled) job.options.onStage?.(message.stage);
        return;
      case 'opportunity':
        if (!job.settled) job.options.onOpportunity?.(message.opportunity);
        return;
      case 'analysis':
      case 'profile':
      case 'trendsCorpus':
      case 'failed': {
        slot.jobs.delete(job.id);
        const elapsed = performance.now() - job.startedAt;
        averageMs = averageMs * 0.8 + elapsed * 0.2;
        if (message.type === 'failed') settle(job, () => job.reject(workerFailure(message.error)));
        else
          settle(job, () =>
            job.resolve(
              message.type === 'analysis'
                ? message.analysis
                : message.type === 'profile'
                  ? message.result
                  : message.corpus,
            ),
          );
        retireIdle();
        dispatch();
        return;
      }
    }
  }

  function freeSlot(): Slot | null {
    let best: Slot | null = null;
    for (const slot of slots) {
      if (slot.pending || slot.retiring) continue;
      if (slot.ready && slot.jobs.size < slotsPerWorker && (!best || slot.jobs.size < best.jobs.size)) best = slot;
    }
    return best;
  }

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
        await Promise.all(Array.from({ length: size }, () => spawn({ pending: next })));
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
      dispatch();
      return status!;
    } finally {
      swapping = false;
    }
  }

  function runningBackground(): number {
    let n = 0;
    for (const slot of slots) for (const job of slot.jobs.values()) if (job.isBackground) n++;
    return n;
  }

  /** The next job to run: interactive first; background only within its share of the slots. */
  function nextJob(): Job | undefined {
    if (queue.length > 0) return queue.shift();
    if (backgroundQueue.length > 0 && runningBackground() < backgroundSlots) return backgroundQueue.shift();
    return undefined;
  }

  function dispatch(): void {
    for (let slot = freeSlot(); slot; slot = freeSlot()) {
      const job = nextJob();
      if (!job) return;
      if (job.settled) continue;
      job.startedAt = performance.now();
      slot.jobs.set(job.id, job);
      slot.worker.postMessage(job.message);
    }
    reportPositions();
  }

  /** Tells each waiting analysis its place in the queue when it changed (the queue is short: bounded). */
  function reportPositions(): void {
    queue.forEach((job, index) => {
      const position = index + 1;
      if (job.settled || job.reportedPosition === position) return;
      job.reportedPosition = position;
      job.options.onQueued?.(position);
    });
  }

  function retryAfterSeconds(waiting: number): number {
    const capacity = Math.max(1, slots.size) * slotsPerWorker;
    const seconds = Math.ceil(((waiting + 1) * averageMs) / capacity / 1000);
    return Math.min(MAX_RETRY_AFTER_S, Math.max(1, seconds));
  }

  function submit<T>(message: Job['message'], options: AnalyzeOptions): Promise<T> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (closing) return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down.'));
    const isBackground = options.priority === 'background';
    const waiting = isBackground ? backgroundQueue : queue;
    if ((isBackground || !freeSlot()) && waiting.length >= queueLimit) {
      return Promise.reject(
        new AppError(
          'SERVICE_UNAVAILABLE',
          'The analysis engine is busy with other analyses. Please try again in a moment.',
          undefined,
          { 'retry-after': String(retryAfterSeconds(waiting.length)) },
        ),
      );
    }
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
          const at = waiting.indexOf(job);
          if (at >= 0) {
            waiting.splice(at, 1);
            reportPositions();
          } else
            for (const slot of slots)
              if (slot.jobs.has(job.id)) slot.worker.postMessage({ type: 'cancel', id: job.id });
          settle(job, () => job.reject(abortError(signal!)));
        },
      };
      signal?.addEventListener('abort', job.onAbort, { once: true });
      waiting.push(job);
      dispatch();
    });
  }

  await Promise.all(Array.from({ length: size }, () => spawn())).catch(async (error: unknown) => {
    closing = true;
    await Promise.all([...slots].map((s) => s.worker.terminate()));
    throw error;
  });

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
    status: () => status!,
    swapCorpus,
    threads: () => [...slots].flatMap((s) => (s.thread && s.ready && !s.pending && !s.retiring ? [s.thread] : [])),
    load() {
      let running = 0;
      let ready = 0;
      for (const slot of slots) {
        running += slot.jobs.size;
        if (slot.ready && !slot.pending && !slot.retiring) ready++;
      }
      return {
        workers: size,
        ready,
        running,
        queued: queue.length,
        backgroundQueued: backgroundQueue.length,
        queueLimit,
        saturated: freeSlot() === null,
      };
    },
    async close() {
      closing = true;
      for (const job of [...queue.splice(0), ...backgroundQueue.splice(0)])
        settle(job, () => job.reject(new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down.')));
      await Promise.all([...slots].map((s) => s.worker.terminate()));
    },
  };
}
