import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import {
  sharedAnalysisSchema,
  shareLinkCreateSchema,
  shareLinkListSchema,
  shareLinkSchema,
  shareTokenParamsSchema,
} from '#shared/sharing/sharing.schemas.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { recordEvent } from '../../lib/domain/analytics-events.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { createShareLink, listShareLinks, openSharedAnalysis, revokeShareLink } from './sharing.service.ts';

// Share links: the owner's routes (create, list, revoke) and the public read of a shared analysis.
const tags = ['sharing'];

/** Headers of everything a share link serves (API and page): not indexed, no referrer, not cached. */
export function setSharedHeaders(reply: FastifyReply): void {
  reply.header('x-robots-tag', 'noindex, nofollow');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('cache-control', 'no-store');
}

export const sharingRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;

  app.post(
    '/api/searches/:id/share-links',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'search' } } },
      schema: {
        tags,
        summary: 'Create a share link for an analysis',
        params: idParamsSchema,
        body: shareLinkCreateSchema,
        response: { 201: ok(shareLinkSchema) },
      },
    },
    async (request, reply) => {
      const data = await createShareLink({
        db,
        principal: principalOf(request),
        userId: currentUser(request).id,
        searchId: request.params.id,
        expiresIn: request.body.expiresIn,
        now: clock.now(),
      });
      await recordEvent(request, 'share', { searchId: request.params.id, expiresIn: request.body.expiresIn });
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/api/searches/:id/share-links',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'search' } } },
      schema: {
        tags,
        summary: 'The share links of an analysis, with views and last access',
        params: idParamsSchema,
        response: { 200: ok(shareLinkListSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        items: await listShareLinks({
          db,
          principal: principalOf(request),
          searchId: request.params.id,
          now: clock.now(),
        }),
      },
    }),
  );

  app.delete(
    '/api/share-links/:id',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'shareLink' } } },
      schema: {
        tags,
        summary: 'Revoke a share link',
        params: idParamsSchema,
        response: { 200: ok(shareLinkSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await revokeShareLink({ db, principal: principalOf(request), id: request.params.id, now: clock.now() }),
    }),
  );

  app.get(
    '/api/share/:token',
    {
      config: { access: 'public' },
      onRequest: async (_request, reply) => setSharedHeaders(reply),
      schema: {
        tags,
        summary: 'A shared analysis (public, read-only; counts one view)',
        params: shareTokenParamsSchema,
        response: { 200: ok(sharedAnalysisSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await openSharedAnalysis({ db, token: request.params.token, now: clock.now() }),
    }),
  );
};
