import type { FastifyPluginAsync } from 'fastify';
import { ideasRoutes } from './ideas.routes.ts';

/** Ideas and their validation. */
export const ideasFeature: FastifyPluginAsync = async (app) => {
  await app.register(ideasRoutes, { prefix: '/api/ideas' });
};
