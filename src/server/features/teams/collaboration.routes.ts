import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noDataSchema, ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import {
  activityPageSchema,
  activityQuerySchema,
  commentCreateSchema,
  commentListSchema,
  commentResolveSchema,
  commentSchema,
  commentUpdateSchema,
  reactionSchema,
  memberShareCreateSchema,
  teamShareCreateSchema,
  shareListSchema,
  shareSchema,
  sharedAnalysisViewSchema,
  sharedIdeaViewSchema,
  sharedItemListSchema,
} from '#shared/teams/collaboration.schemas.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { requireUser } from '../../lib/http/auth-guard.ts';
import { listActivity } from './activity.service.ts';
import { addComment, deleteComment, editComment, listComments, react, resolveComment } from './comments.service.ts';
import type { ShareSubject } from './share-subject.service.ts';
import {
  listShares,
  revokeShare,
  shareSubject,
  sharedWithMe,
  viewSharedAnalysis,
  viewSharedIdea,
} from './shares.service.ts';

// Sharing analyses and ideas with teams and members, comments, and the team activity feed
// (issue 18, ADR 020, ADR 026).
const tags = ['teams'];
const analysis = { access: { params: { id: 'sharedSearch' as const } } };
const comment = { access: { params: { id: 'comment' as const } } };
const SUBJECT_ROUTES = [
  ['analysis', '/api/searches', 'sharedSearch', 'search'],
  ['idea', '/api/ideas', 'sharedIdea', 'idea'],
] as const;

export const collaborationRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  // The same share and comment routes for both subjects: /api/searches/:id/… and /api/ideas/:id/….
  for (const [kind, base, shared, owned] of SUBJECT_ROUTES) {
    const subjectOf = (id: number): ShareSubject => ({ kind, id });
    for (const [target, body, bodyAccess] of [
      ['team', teamShareCreateSchema, { teamId: 'team' }],
      ['member', memberShareCreateSchema, { memberId: 'teamMember' }],
    ] as const) {
      app.post(
        `${base}/:id/${target}-shares`,
        {
          preHandler: requireUser,
          config: { access: { params: { id: shared }, body: bodyAccess } },
          schema: {
            tags,
            summary: `Share an ${kind} with a ${target} (its owner, or a share with canShare)`,
            params: idParamsSchema,
            body,
            response: { 201: ok(shareSchema) },
          },
        },
        async (request, reply) =>
          reply.status(201).send({
            success: true as const,
            data: await shareSubject({
              db,
              clock,
              principal: principalOf(request),
              subject: subjectOf(request.params.id),
              input: request.body,
            }),
          }),
      );
    }

    app.get(
      `${base}/:id/team-shares`,
      {
        preHandler: requireUser,
        config: { access: { params: { id: owned } } },
        schema: {
          tags,
          summary: `Who an ${kind} is shared with (its owner)`,
          params: idParamsSchema,
          response: { 200: ok(shareListSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: {
          items: await listShares({
            db,
            clock,
            principal: principalOf(request),
            subject: subjectOf(request.params.id),
          }),
        },
      }),
    );

    app.get(
      `${base}/:id/comments`,
      {
        preHandler: requireUser,
        config: { access: { params: { id: shared } } },
        schema: {
          tags,
          summary: `Comments on an ${kind}`,
          params: idParamsSchema,
          response: { 200: ok(commentListSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: {
          items: await listComments({
            db,
            clock,
            principal: principalOf(request),
            subject: subjectOf(request.params.id),
          }),
        },
      }),
    );

    app.post(
      `${base}/:id/comments`,
      {
        preHandler: requireUser,
        config: { access: { params: { id: shared } } },
        schema: {
          tags,
          summary:
            kind === 'analysis'
              ? 'Comment on an analysis or one of its opportunities (needs canComment)'
              : 'Comment on an idea (needs canComment)',
          params: idParamsSchema,
          body: commentCreateSchema,
          response: { 201: ok(commentSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          success: true as const,
          data: await addComment({
            db,
            clock,
            principal: principalOf(request),
            subject: subjectOf(request.params.id),
            input: request.body,
          }),
        }),
    );
  }

  app.delete(
    '/api/team-shares/:id',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'ideaShare' } } },
      schema: { tags, summary: 'Revoke a share', params: idParamsSchema, response: { 200: ok(noDataSchema) } },
    },
    async (request) => {
      await revokeShare({ db, clock, principal: principalOf(request), shareId: request.params.id });
      return { success: true as const, data: null };
    },
  );

  app.get(
    '/api/shared-with-me',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Analyses and ideas others shared with me',
        response: { 200: ok(sharedItemListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { items: await sharedWithMe({ db, clock, principal: principalOf(request) }) },
    }),
  );

  app.get(
    '/api/shared/analyses/:id',
    {
      preHandler: requireUser,
      config: analysis,
      schema: {
        tags,
        summary: 'A shared analysis, read-only, with what I may do with it',
        params: idParamsSchema,
        response: { 200: ok(sharedAnalysisViewSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await viewSharedAnalysis({ db, clock, principal: principalOf(request), searchId: request.params.id }),
    }),
  );

  app.get(
    '/api/shared/ideas/:id',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'sharedIdea' } } },
      schema: {
        tags,
        summary: 'A shared idea, with what I may do with it',
        params: idParamsSchema,
        response: { 200: ok(sharedIdeaViewSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await viewSharedIdea({ db, clock, principal: principalOf(request), ideaId: request.params.id }),
    }),
  );

  app.patch(
    '/api/comments/:id',
    {
      preHandler: requireUser,
      config: comment,
      schema: {
        tags,
        summary: 'Edit your comment',
        params: idParamsSchema,
        body: commentUpdateSchema,
        response: { 200: ok(commentSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await editComment({
        db,
        clock,
        principal: principalOf(request),
        commentId: request.params.id,
        content: request.body.content,
      }),
    }),
  );

  app.delete(
    '/api/comments/:id',
    {
      preHandler: requireUser,
      config: comment,
      schema: { tags, summary: 'Delete your comment', params: idParamsSchema, response: { 200: ok(noDataSchema) } },
    },
    async (request) => {
      await deleteComment({ db, clock, principal: principalOf(request), commentId: request.params.id });
      return { success: true as const, data: null };
    },
  );

  app.post(
    '/api/comments/:id/resolve',
    {
      preHandler: requireUser,
      config: comment,
      schema: {
        tags,
        summary: 'Resolve or reopen a comment',
        params: idParamsSchema,
        body: commentResolveSchema,
        response: { 200: ok(commentSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await resolveComment({
        db,
        clock,
        principal: principalOf(request),
        commentId: request.params.id,
        isResolved: request.body.isResolved,
      }),
    }),
  );

  app.put(
    '/api/comments/:id/reactions',
    {
      preHandler: requireUser,
      config: comment,
      schema: {
        tags,
        summary: 'Add or remove your reaction',
        params: idParamsSchema,
        body: reactionSchema,
        response: { 200: ok(commentSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await react({
        db,
        clock,
        principal: principalOf(request),
        commentId: request.params.id,
        emoji: request.body.emoji,
        on: request.body.on,
      }),
    }),
  );

  app.get(
    '/api/teams/:id/activity',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'team' } } },
      schema: {
        tags,
        summary: 'The team activity feed, newest first (filter by analysis and action)',
        params: idParamsSchema,
        querystring: activityQuerySchema,
        response: { 200: ok(activityPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listActivity({
        db,
        principal: principalOf(request),
        teamId: request.params.id,
        query: request.query,
      }),
    }),
  );
};
