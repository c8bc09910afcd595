import type { FastifyPluginAsync } from 'fastify';
import { adminFlagsRoutes, flagsRoutes } from './flags.routes.ts';

/** Feature flags: what a user sees, and their admin. */
export const flagsFeature: FastifyPluginAsync = async (app) => {
  await app.register(flagsRoutes, { prefix: '/api/flags' });
  await app.register(adminFlagsRoutes, { prefix: '/api/admin/flags' });
};
