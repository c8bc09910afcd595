import type { AnalysisStage, GapAnalysis, Opportunity } from '#shared/engine/analysis.schemas.ts';
import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { EngineStatus } from '../engine.ts';
import type { MarketProfile } from '../market-profile.ts';
import type { ThreadPriority } from './thread-priority.ts';
import type { TrendsCorpus } from './trends-corpus.ts';

// The messages between the engine pool (request thread) and an engine worker, and the errors a
// caller gets from them. Every value is structured-cloneable: the analysis and the profile are plain
// JSON-shaped objects, the trends corpus plain objects and Maps.

export type MarketProfileResult = { profile: MarketProfile; corpus: { kind: 'full' | 'seed'; version: string } };

export type ToWorker =
  /**
   * `progress`: post stage and opportunity messages. False when the caller listens to neither (a
   * search answered in one envelope): each opportunity would be cloned onto the request thread twice,
   * once alone and once in the analysis (docs/decisions/048).
   */
  | { type: 'analyze'; id: number; input: { query: string; filters: SearchFilters }; progress: boolean }
  | { type: 'profile'; id: number; text: string }
  /** What the trends screens read from the index (trends-corpus.ts), so the request thread never loads it. */
  | { type: 'trendsCorpus'; id: number }
  /** The caller's AbortSignal fired: the worker aborts that job's own controller. */
  | { type: 'cancel'; id: number };

export type FromWorker =
  /** `thread`: the worker's thread and its lowered priority; null where it could not be lowered alone. */
  | { type: 'ready'; status: EngineStatus; thread?: ThreadPriority | null }
  | { type: 'status'; status: EngineStatus }
  | { type: 'stage'; id: number; stage: AnalysisStage }
  | { type: 'opportunity'; id: number; opportunity: Opportunity }
  | { type: 'analysis'; id: number; analysis: GapAnalysis }
  | { type: 'profile'; id: number; result: MarketProfileResult }
  | { type: 'trendsCorpus'; id: number; corpus: TrendsCorpus }
  | { type: 'failed'; id: number; error: { name: string; message: string } }
  /** The index could not be loaded: the worker exits after this. */
  | { type: 'fatal'; message: string };

/** The error a job's caller gets when its signal fired. */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The analysis was aborted', 'AbortError');
}

/** A worker's `failed` message as the Error its caller gets (an abort stays an AbortError). */
export function workerFailure(error: { name: string; message: string }): Error {
  if (error.name === 'AbortError') return new DOMException(error.message, 'AbortError');
  const failure = new Error(error.message);
  failure.name = error.name;
  return failure;
}
