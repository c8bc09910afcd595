import type { FastifyPluginAsync } from 'fastify';
import { adminRoutes } from './admin.routes.ts';

/** The admin console (users, security alerts, audit log). */
export const adminFeature: FastifyPluginAsync = async (app) => {
  await app.register(adminRoutes, { prefix: '/api/admin' });
};
