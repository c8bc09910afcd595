import type { FastifyPluginAsync } from 'fastify';
import { passwordResetMailJob, purgePendingRegistrationsJob, registrationMailJob } from './auth.jobs.ts';
import { authRoutes } from './auth.routes.ts';

/** The auth feature: registration, sign-in, sessions and passwords. */
export const authFeature: FastifyPluginAsync = async (app) => {
  app.deps.jobs.register(passwordResetMailJob);
  app.deps.jobs.register(registrationMailJob);
  app.deps.jobs.register(purgePendingRegistrationsJob);
  await app.register(authRoutes, { prefix: '/api/auth' });
};
