import type { FastifyPluginAsync } from 'fastify';
import { marketTrendsRoutes } from './market-trends.routes.ts';

/** Market trends from the corpus. */
export const marketTrendsFeature: FastifyPluginAsync = async (app) => {
  await app.register(marketTrendsRoutes, { prefix: '/api/market-trends' });
};
