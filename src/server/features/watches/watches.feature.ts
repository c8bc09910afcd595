import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { corpusRoutes } from './corpus.routes.ts';
import { datasetsRefreshJob } from './corpus-refresh.jobs.ts';
import { createCorpusRefresher } from './corpus-refresh.service.ts';
import { enqueueReruns, watchRerunJob } from './watches.jobs.ts';
import { watchesRoutes } from './watches.routes.ts';

/**
 * Watched markets (issue 33): the watch routes, the re-run job, and the corpus refresh that triggers
 * it (from the admin console, or daily with DATASETS_REFRESH=daily).
 */
export const watchesFeature: FastifyPluginAsync = async (app) => {
  const { db, jobs, clock, env } = app.deps;
  const rerunJob = watchRerunJob(() => app.engine);
  jobs.register(rerunJob);
  const refresher = createCorpusRefresher({
    db,
    now: () => clock.now(),
    datasetsDir: env.DATASETS_DIR,
    status: () => app.engine.status(),
    swap: app.swapCorpus,
    afterActivation: (corpusVersion) => enqueueReruns({ db, jobs, job: rerunJob, corpusVersion }),
  });
  // DATASETS_REFRESH=daily (off by default: an offline or seed start never fetches anything).
  if (env.DATASETS_REFRESH === 'daily' && env.DATASETS_DIR && app.swapCorpus)
    jobs.register(
      datasetsRefreshJob({
        datasetsDir: env.DATASETS_DIR,
        stagingDir: path.join(env.DATA_DIR_ABS, 'datasets-refresh'),
        mirror: env.DATASETS_MIRROR,
        refresher,
      }),
    );
  await app.register(watchesRoutes, { prefix: '/api/searches' });
  await app.register(corpusRoutes, { prefix: '/api/admin/corpus', refresher });
};
