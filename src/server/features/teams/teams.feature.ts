import type { FastifyPluginAsync } from 'fastify';
import { collaborationRoutes } from './collaboration.routes.ts';
import { invitationMailJob, purgeInvitationsJob } from './teams.jobs.ts';
import { teamsRoutes } from './teams.routes.ts';

/** Teams, invitations, shares with a team, comments and activity. */
export const teamsFeature: FastifyPluginAsync = async (app) => {
  app.deps.jobs.register(invitationMailJob);
  app.deps.jobs.register(purgeInvitationsJob);
  await app.register(teamsRoutes);
  await app.register(collaborationRoutes);
};
