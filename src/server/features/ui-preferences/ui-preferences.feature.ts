import type { FastifyPluginAsync } from 'fastify';
import { uiPreferencesRoutes } from './ui-preferences.routes.ts';

/** Saved UI preferences. */
export const uiPreferencesFeature: FastifyPluginAsync = async (app) => {
  await app.register(uiPreferencesRoutes, { prefix: '/api/preferences/ui' });
};
