import type { FastifyPluginAsync } from 'fastify';
import { apiKeysRoutes } from './api-keys.routes.ts';
import { apiV1DocumentRoutes } from './api-v1.routes.ts';

/** Enterprise API keys and the /api/v1 document. */
export const apiKeysFeature: FastifyPluginAsync = async (app) => {
  await app.register(apiKeysRoutes, { prefix: '/api/api-keys' });
  await app.register(apiV1DocumentRoutes, { prefix: '/api/v1' });
};
