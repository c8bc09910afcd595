import type { FastifyPluginAsync } from 'fastify';
import { contributionReviewedJob } from './contributions.service.ts';
import { seedLibrary } from './library.seed.ts';
import { resourceAnalyticsJob } from './resource-analytics.jobs.ts';
import { adminContributionsRoutes, bookmarksRoutes, contributionsRoutes, libraryRoutes } from './resources.routes.ts';

/** The library: resources, bookmarks, contributions and their admin review, with its seed and jobs. */
export const resourcesFeature: FastifyPluginAsync = async (app) => {
  await seedLibrary(app.deps.db);
  app.deps.jobs.register(contributionReviewedJob);
  app.deps.jobs.register(resourceAnalyticsJob);
  await app.register(libraryRoutes, { prefix: '/api/resources' });
  await app.register(bookmarksRoutes, { prefix: '/api/bookmarks' });
  await app.register(contributionsRoutes, { prefix: '/api/contributions' });
  await app.register(adminContributionsRoutes, { prefix: '/api/admin/contributions' });
};
