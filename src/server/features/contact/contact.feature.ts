import type { FastifyPluginAsync } from 'fastify';
import { contactRoutes } from './contact.routes.ts';

/** The contact form. */
export const contactFeature: FastifyPluginAsync = async (app) => {
  await app.register(contactRoutes, { prefix: '/api/contact' });
};
