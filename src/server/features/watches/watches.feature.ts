import type { FastifyPluginAsync } from 'fastify';
import { corpusRoutes } from './corpus.routes.ts';
import { createCorpusRefresher } from './corpus-refresh.service.ts';
import { enqueueReruns, watchRerunJob } from './watches.jobs.ts';
import { watchesRoutes } from './watches.routes.ts';

/** Watched markets (issue 33): the watch routes, the re-run job, and the corpus refresh that triggers it. */
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
  await app.register(watchesRoutes, { prefix: '/api/searches' });
  await app.register(corpusRoutes, { prefix: '/api/admin/corpus', refresher });
};
