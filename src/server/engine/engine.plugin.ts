import type { FastifyInstance } from 'fastify';
import { createEngine, type Engine } from './engine.ts';

// Wires the gap engine into the app: `app.engine`, a health report, and a test override.
// The corpus and its index are cached per process by createEngine, so many apps share one load.

declare module '../app.ts' {
  interface AppOverrides {
    engine?: Engine;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    engine: Engine;
  }
}

/** Called directly (not through app.register) so the decoration is visible to every feature. */
export async function registerEngine(app: FastifyInstance): Promise<void> {
  const engine = app.deps.overrides.engine ?? (await createEngine({ env: app.deps.env }));
  app.decorate('engine', engine);
  app.deps.healthReports.set('engine', () => engine.status());
}
