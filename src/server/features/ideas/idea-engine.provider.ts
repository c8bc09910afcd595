import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../engine/engine.ts';
import { AppError } from '../../lib/platform/app-error.ts';

// Validation asks the same engine a search uses: the app's engine, or the test stand-in that
// replaces it for searches (so a test's fake engine answers both the same way).

export type IdeaEngine = Pick<Engine, 'analyze'>;

export function resolveIdeaEngine(app: FastifyInstance): IdeaEngine {
  const override = app.deps.overrides.searchEngine;
  if (override) return override;
  if (app.hasDecorator('engine')) return app.engine;
  throw new AppError('SERVICE_UNAVAILABLE', 'The analysis engine is not available right now. Please try again later.');
}
