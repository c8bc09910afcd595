import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth.routes.ts';

/** The auth feature: registration, sign-in, sessions and passwords. */
export const authFeature: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes, { prefix: '/api/auth' });
};
