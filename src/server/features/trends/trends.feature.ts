import type { FastifyPluginAsync } from 'fastify';
import { trendingRoutes } from './trending.routes.ts';

/** Trending searches. */
export const trendsFeature: FastifyPluginAsync = async (app) => {
  await app.register(trendingRoutes, { prefix: '/api/trending' });
};
