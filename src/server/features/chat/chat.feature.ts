import type { FastifyPluginAsync } from 'fastify';
import { chatRoutes } from './chat.routes.ts';

/** The assistant: help questions and conversations about an analysis. */
export const chatFeature: FastifyPluginAsync = async (app) => {
  await app.register(chatRoutes, { prefix: '/api/chat' });
};
