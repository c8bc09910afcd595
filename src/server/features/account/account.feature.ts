import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account.routes.ts';

/** The account feature: profile, settings, deletion. */
export const accountFeature: FastifyPluginAsync = async (app) => {
  await app.register(accountRoutes, { prefix: '/api/account' });
};
