import type { FastifyInstance } from 'fastify';
import { createEngine, engineFromIndex, loadEngineIndex, type Engine, type EngineStatus } from './engine.ts';
import { createEnginePool, defaultWorkerCount, type EnginePool, type PoolLoad } from './pool/engine-pool.ts';

// Wires the gap engine into the app: `app.engine`, a health report, and a test override. By default
// analyses run in a pool of worker threads (docs/decisions/029); ENGINE_WORKERS=0 runs them on the
// request thread, where the corpus and its index are cached per process, so many apps share one load.

declare module '../app.ts' {
  interface AppOverrides {
    engine?: Engine;
    /** The engine pool's worker script (tests use a scripted worker to hold and release analyses). */
    engineWorker?: URL;
    /** Where the pool finds `chrt` (default: PATH); tests answer null to start as on a machine without it. */
    findChrt?: () => string | null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    engine: Engine | EnginePool;
    /** The pool's load, for /api/health's "busy"; null when the engine runs in process. */
    engineLoad: () => PoolLoad | null;
    /**
     * Loads the corpus again (a new DATASETS_DIR copy, or `undefined` for the seed corpus) and swaps
     * it in atomically once built; rejects, leaving the current corpus, when it cannot be loaded.
     * Null when the engine is a test override.
     */
    swapCorpus: ((datasetsDir: string | undefined) => Promise<EngineStatus>) | null;
  }
}

/** Called directly (not through app.register) so the decoration is visible to every feature. */
export async function registerEngine(app: FastifyInstance): Promise<void> {
  const { env } = app.deps;
  const workers = env.ENGINE_WORKERS ?? defaultWorkerCount();
  let engine: Engine | EnginePool;
  let pool: EnginePool | null = null;
  let swapCorpus: ((datasetsDir: string | undefined) => Promise<EngineStatus>) | null = null;
  if (app.deps.overrides.engine) engine = app.deps.overrides.engine;
  else if (workers === 0) {
    // In process: the swap replaces the engine the wrapper delegates to, after the new index is built.
    let current = await createEngine({ env });
    engine = {
      analyze: (input, options) => current.analyze(input, options),
      status: () => current.status(),
    };
    swapCorpus = async (datasetsDir) => {
      const nextEnv = { ...env, DATASETS_DIR: datasetsDir };
      current = engineFromIndex(await loadEngineIndex(nextEnv, { reload: true }), { env: nextEnv });
      return current.status();
    };
  } else {
    // An LLM composer waits on the network, so a worker then holds a few analyses at once.
    pool = await createEnginePool({
      env,
      workers,
      queueLimit: env.ENGINE_QUEUE_LIMIT,
      slotsPerWorker: env.AI_PROVIDER ? 4 : 1,
      log: app.log,
      ...(app.deps.overrides.engineWorker ? { workerUrl: app.deps.overrides.engineWorker } : {}),
      ...(app.deps.overrides.findChrt ? { findChrt: app.deps.overrides.findChrt } : {}),
    });
    engine = pool;
    const swapping = pool;
    swapCorpus = (datasetsDir) => swapping.swapCorpus(datasetsDir);
    const closing = pool;
    app.addHook('onClose', () => closing.close());
  }
  app.decorate('engine', engine);
  app.decorate('swapCorpus', swapCorpus);
  const running = pool;
  const load = (): PoolLoad | null => running?.load() ?? null;
  app.decorate('engineLoad', load);
  app.deps.healthReports.set('engine', () => ({ ...engine.status(), pool: load() }));
}
