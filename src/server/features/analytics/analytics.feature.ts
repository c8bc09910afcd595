import type { FastifyPluginAsync } from 'fastify';
import { purgeAnalyticsEventsJob } from './analytics.jobs.ts';
import { analyticsRoutes } from './analytics.routes.ts';

/** The user's own analytics. */
export const analyticsFeature: FastifyPluginAsync = async (app) => {
  app.deps.jobs.register(purgeAnalyticsEventsJob);
  await app.register(analyticsRoutes, { prefix: '/api/analytics' });
};
