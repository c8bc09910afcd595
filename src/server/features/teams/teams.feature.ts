import type { FastifyPluginAsync } from 'fastify';
import { collaborationRoutes } from './collaboration.routes.ts';
import { invitationMailJob } from './teams.jobs.ts';
import { teamsRoutes } from './teams.routes.ts';

/** Teams, invitations, shares with a team, comments and activity. */
export const teamsFeature: FastifyPluginAsync = async (app) => {
  app.deps.jobs.register(invitationMailJob);
  await app.register(teamsRoutes);
  await app.register(collaborationRoutes);
};
