import type { FastifyPluginAsync } from 'fastify';
import { sharingRoutes } from './sharing.routes.ts';

/** Public share links of analyses. */
export const sharingFeature: FastifyPluginAsync = async (app) => {
  await app.register(sharingRoutes);
};
