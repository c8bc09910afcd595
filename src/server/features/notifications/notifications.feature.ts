import type { FastifyPluginAsync } from 'fastify';
import { digestMailJob, immediateMailJob, purgeNotificationsJob } from './notifications.jobs.ts';
import { notificationsRoutes } from './notifications.routes.ts';

/** The bell, notification e-mails and unsubscribing. */
export const notificationsFeature: FastifyPluginAsync = async (app) => {
  app.deps.jobs.register(immediateMailJob);
  app.deps.jobs.register(digestMailJob);
  app.deps.jobs.register(purgeNotificationsJob);
  await app.register(notificationsRoutes);
};
