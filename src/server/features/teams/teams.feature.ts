import type { FastifyPluginAsync } from 'fastify';
import { collaborationRoutes } from './collaboration.routes.ts';
import { teamsRoutes } from './teams.routes.ts';

/** Teams, invitations, shares with a team, comments and activity. */
export const teamsFeature: FastifyPluginAsync = async (app) => {
  await app.register(teamsRoutes);
  await app.register(collaborationRoutes);
};
