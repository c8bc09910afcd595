import type { FastifyPluginAsync } from 'fastify';
import { usageRoutes } from './usage.routes.ts';

/** Search usage and quota. */
export const usageFeature: FastifyPluginAsync = async (app) => {
  await app.register(usageRoutes, { prefix: '/api/user' });
};
