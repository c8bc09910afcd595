import type { FastifyPluginAsync } from 'fastify';
import { adminRoutes } from './admin.routes.ts';
import { passwordExpiryJob } from './password-expiry.jobs.ts';

/** The admin console (users, security alerts, audit log), and the password-expiry warnings job. */
export const adminFeature: FastifyPluginAsync = async (app) => {
  app.deps.jobs.register(passwordExpiryJob);
  await app.register(adminRoutes, { prefix: '/api/admin' });
};
