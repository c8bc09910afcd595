import type { FastifyPluginAsync } from 'fastify';
import { projectsRoutes } from './projects.routes.ts';

/** Projects: folders of analyses. */
export const projectsFeature: FastifyPluginAsync = async (app) => {
  await app.register(projectsRoutes, { prefix: '/api/projects' });
};
