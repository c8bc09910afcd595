import type { AnalysisStage, GapAnalysis, Opportunity } from '#shared/engine/analysis.schemas.ts';
import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { EngineStatus } from '../engine.ts';
import type { MarketProfile } from '../market-profile.ts';
import type { TrendsCorpus } from './trends-corpus.ts';

// The messages between the engine pool (request thread) and an engine worker. Every value is
// structured-cloneable: the analysis and the profile are plain JSON-shaped objects, the trends
// corpus plain objects and Maps.

export type MarketProfileResult = { profile: MarketProfile; corpus: { kind: 'full' | 'seed'; version: string } };

export type ToWorker =
  | { type: 'analyze'; id: number; input: { query: string; filters: SearchFilters } }
  | { type: 'profile'; id: number; text: string }
  /** What the trends screens read from the index (trends-corpus.ts), so the request thread never loads it. */
  | { type: 'trendsCorpus'; id: number }
  /** The caller's AbortSignal fired: the worker aborts that job's own controller. */
  | { type: 'cancel'; id: number };

export type FromWorker =
  | { type: 'ready'; status: EngineStatus }
  | { type: 'status'; status: EngineStatus }
  | { type: 'stage'; id: number; stage: AnalysisStage }
  | { type: 'opportunity'; id: number; opportunity: Opportunity }
  | { type: 'analysis'; id: number; analysis: GapAnalysis }
  | { type: 'profile'; id: number; result: MarketProfileResult }
  | { type: 'trendsCorpus'; id: number; corpus: TrendsCorpus }
  | { type: 'failed'; id: number; error: { name: string; message: string } }
  /** The index could not be loaded: the worker exits after this. */
  | { type: 'fatal'; message: string };
