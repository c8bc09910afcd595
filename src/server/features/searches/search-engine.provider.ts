import type { FastifyInstance } from 'fastify';
import type { AnalyzeOptions, Engine } from '../../engine/engine.ts';
import type { MarketProfileResult } from '../../engine/pool/engine-pool.ts';
import { AppError } from '../../lib/platform/app-error.ts';

// The searches feature's view of the gap engine: the part of `app.engine` it uses, so tests can
// pass a small stand-in for quota and access-control tests. Hooks are the engine's own AnalyzeOptions.

export type SearchEngine = Pick<Engine, 'analyze'> & {
  /** The engine pool profiles a market in a worker; without it, market research profiles in process. */
  marketProfile?: (text: string, options?: { signal?: AbortSignal }) => Promise<MarketProfileResult>;
};
export type { AnalyzeOptions };

declare module '../../app.ts' {
  interface AppOverrides {
    /** Replaces the engine for the searches feature only (quota and persistence tests). */
    searchEngine?: SearchEngine;
  }
}

/** The engine searches run on: the test override, else the app's engine. */
export function resolveSearchEngine(app: FastifyInstance): SearchEngine {
  const override = app.deps.overrides.searchEngine;
  if (override) return override;
  if (app.hasDecorator('engine')) return app.engine;
  throw new AppError('SERVICE_UNAVAILABLE', 'The analysis engine is not available right now. Please try again later.');
}
