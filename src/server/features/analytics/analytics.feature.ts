import type { FastifyPluginAsync } from 'fastify';
import { analyticsRoutes } from './analytics.routes.ts';

/** The user's own analytics. */
export const analyticsFeature: FastifyPluginAsync = async (app) => {
  await app.register(analyticsRoutes, { prefix: '/api/analytics' });
};
