import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health.routes.ts';

/** The health feature: liveness and readiness. */
export const healthFeature: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes, { prefix: '/api/health' });
};
