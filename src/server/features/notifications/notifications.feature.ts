import type { FastifyPluginAsync } from 'fastify';
import { notificationsRoutes } from './notifications.routes.ts';

/** The bell, notification e-mails and unsubscribing. */
export const notificationsFeature: FastifyPluginAsync = async (app) => {
  await app.register(notificationsRoutes);
};
