import type { FastifyPluginAsync } from 'fastify';
import { trialRoutes } from './trial.routes.ts';

/** The trial feature. */
export const trialFeature: FastifyPluginAsync = async (app) => {
  await app.register(trialRoutes, { prefix: '/api/trial' });
};
