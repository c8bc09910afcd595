import type { FastifyPluginAsync } from 'fastify';
import { passwordResetMailJob, registrationMailJob } from './auth.jobs.ts';
import { authRoutes } from './auth.routes.ts';

/** The auth feature: registration, sign-in, sessions and passwords. */
export const authFeature: FastifyPluginAsync = async (app) => {
  app.deps.jobs.register(passwordResetMailJob);
  app.deps.jobs.register(registrationMailJob);
  await app.register(authRoutes, { prefix: '/api/auth' });
};
