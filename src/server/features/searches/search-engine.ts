import type { FastifyInstance } from 'fastify';
import type { AnalysisStage, GapAnalysis, Opportunity } from '#shared/engine/analysis.schemas.ts';
import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import { AppError } from '../../lib/app-error.ts';

// The searches feature's view of the gap engine: the part of `app.engine` (the engine plugin) it
// uses, so tests can pass a small stand-in for quota and access-control tests.

export type AnalyzeHooks = {
  signal?: AbortSignal;
  onStage?: (stage: AnalysisStage) => void;
  onOpportunity?: (opportunity: Opportunity) => void;
};

export type SearchEngine = {
  analyze: (input: { query: string; filters: SearchFilters }, hooks: AnalyzeHooks) => Promise<GapAnalysis>;
};

declare module '../../app.ts' {
  interface AppOverrides {
    /** Replaces the engine for the searches feature only (quota and persistence tests). */
    searchEngine?: SearchEngine;
  }
}

export function resolveSearchEngine(app: FastifyInstance): SearchEngine {
  const override = app.deps.overrides.searchEngine;
  if (override) return override;
  if (app.hasDecorator('engine')) return app.engine;
  throw new AppError('SERVICE_UNAVAILABLE', 'The analysis engine is not available right now. Please try again later.');
}
