import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './features/health/health.routes.ts';

/** Every feature plugin, one line each, mounted under /api/<feature>. */
export async function registerFeatures(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api/health' });
}
