import type { FastifyPluginAsync } from 'fastify';
import { helpRoutes } from './help.routes.ts';

/** Help articles. */
export const helpFeature: FastifyPluginAsync = async (app) => {
  await app.register(helpRoutes, { prefix: '/api/help' });
};
