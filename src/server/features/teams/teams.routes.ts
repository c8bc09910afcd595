import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noDataSchema, ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import {
  invitationAcceptedSchema,
  invitationCreateSchema,
  invitationPreviewSchema,
  invitationTokenSchema,
  memberRoleSchema,
  teamCreateSchema,
  teamDetailSchema,
  teamInvitationSchema,
  teamListSchema,
  teamSummarySchema,
  teamUpdateSchema,
} from '#shared/teams/teams.schemas.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { requireUser } from '../../lib/http/auth-guard.ts';
import {
  acceptInvitation,
  declineInvitation,
  inviteMember,
  previewInvitation,
  revokeInvitation,
} from './invitations.service.ts';
import { changeRole, removeMember, transferOwnership } from './members.service.ts';
import { invitationMailJob } from './teams.jobs.ts';
import { createTeam, deleteTeam, getTeam, listTeams, updateTeam } from './teams.service.ts';

// Teams, members and invitations (issue 18, ADR 020). Thin: parse, one service call, the envelope.
const tags = ['teams'];
const nothing = ok(noDataSchema);
const team = { access: { params: { id: 'team' as const } } };
const member = { access: { params: { id: 'teamMember' as const } } };

export const teamsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock, jobs } = app.deps;

  app.get(
    '/api/teams',
    { preHandler: requireUser, schema: { tags, summary: 'Your teams', response: { 200: ok(teamListSchema) } } },
    async (request) => ({
      success: true as const,
      data: { items: await listTeams({ db, principal: principalOf(request) }) },
    }),
  );

  app.post(
    '/api/teams',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Create a team (Pro: one, up to 5 members; Enterprise: unlimited)',
        body: teamCreateSchema,
        response: { 201: ok(teamSummarySchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await createTeam({ db, clock, principal: principalOf(request), input: request.body }),
      }),
  );

  app.get(
    '/api/teams/:id',
    {
      preHandler: requireUser,
      config: team,
      schema: {
        tags,
        summary: 'A team with its members (and pending invitations for owners and admins)',
        params: idParamsSchema,
        response: { 200: ok(teamDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getTeam({ db, clock, principal: principalOf(request), teamId: request.params.id }),
    }),
  );

  app.patch(
    '/api/teams/:id',
    {
      preHandler: requireUser,
      config: team,
      schema: {
        tags,
        summary: 'Rename or describe a team (owner, admin)',
        params: idParamsSchema,
        body: teamUpdateSchema,
        response: { 200: ok(teamDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateTeam({
        db,
        clock,
        principal: principalOf(request),
        teamId: request.params.id,
        input: request.body,
      }),
    }),
  );

  app.delete(
    '/api/teams/:id',
    {
      preHandler: requireUser,
      config: team,
      schema: { tags, summary: 'Delete a team (owner)', params: idParamsSchema, response: { 200: nothing } },
    },
    async (request) => {
      await deleteTeam({ db, clock, principal: principalOf(request), teamId: request.params.id });
      return { success: true as const, data: null };
    },
  );

  app.post(
    '/api/teams/:id/invitations',
    {
      preHandler: requireUser,
      config: team,
      schema: {
        tags,
        summary: 'Invite someone by e-mail (owner, admin); the link is mailed',
        params: idParamsSchema,
        body: invitationCreateSchema,
        response: { 201: ok(teamInvitationSchema) },
      },
    },
    async (request, reply) => {
      const data = await inviteMember({
        db,
        clock,
        principal: principalOf(request),
        teamId: request.params.id,
        input: request.body,
      });
      await jobs.enqueue(invitationMailJob, { invitationId: data.id }, { key: `team-invitation:${String(data.id)}` });
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.delete(
    '/api/team-invitations/:id',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'teamInvitation' } } },
      schema: {
        tags,
        summary: 'Withdraw a pending invitation (owner, admin)',
        params: idParamsSchema,
        response: { 200: ok(teamInvitationSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await revokeInvitation({ db, clock, principal: principalOf(request), invitationId: request.params.id }),
    }),
  );

  app.post(
    '/api/team-invitations/preview',
    {
      schema: {
        tags,
        summary: 'What an invitation link is for (the link is the credential)',
        body: invitationTokenSchema,
        response: { 200: ok(invitationPreviewSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await previewInvitation({ db, clock, token: request.body.token }),
    }),
  );

  app.post(
    '/api/team-invitations/accept',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Accept an invitation with the signed-in account of the invited address',
        body: invitationTokenSchema,
        response: { 200: ok(invitationAcceptedSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await acceptInvitation({ db, clock, principal: principalOf(request), token: request.body.token }),
    }),
  );

  app.post(
    '/api/team-invitations/decline',
    {
      schema: { tags, summary: 'Decline an invitation', body: invitationTokenSchema, response: { 200: nothing } },
    },
    async (request) => {
      await declineInvitation({ db, clock, token: request.body.token });
      return { success: true as const, data: null };
    },
  );

  app.patch(
    '/api/team-members/:id',
    {
      preHandler: requireUser,
      config: member,
      schema: {
        tags,
        summary: "Change a member's role (owner, admin; not the owner's)",
        params: idParamsSchema,
        body: memberRoleSchema,
        response: { 200: ok(teamDetailSchema) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const teamId = await changeRole({ db, clock, principal, memberId: request.params.id, role: request.body.role });
      return { success: true as const, data: await getTeam({ db, clock, principal, teamId }) };
    },
  );

  app.delete(
    '/api/team-members/:id',
    {
      preHandler: requireUser,
      config: member,
      schema: {
        tags,
        summary: 'Remove a member (owner, admin), or leave the team (your own membership)',
        params: idParamsSchema,
        response: { 200: nothing },
      },
    },
    async (request) => {
      await removeMember({ db, clock, principal: principalOf(request), memberId: request.params.id });
      return { success: true as const, data: null };
    },
  );

  app.post(
    '/api/team-members/:id/transfer-ownership',
    {
      preHandler: requireUser,
      config: member,
      schema: {
        tags,
        summary: 'Make this member the owner; you become an admin (owner)',
        params: idParamsSchema,
        response: { 200: ok(teamDetailSchema) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const teamId = await transferOwnership({ db, clock, principal, memberId: request.params.id });
      return { success: true as const, data: await getTeam({ db, clock, principal, teamId }) };
    },
  );
};
