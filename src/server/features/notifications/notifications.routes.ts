import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { idParamsSchema } from '#shared/api/params.schemas.ts';
import {
  markedReadSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  unreadCountSchema,
  unsubscribeBodySchema,
  unsubscribedSchema,
  unsubscribeQuerySchema,
} from '#shared/notifications/notifications.schemas.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { requireUser } from '../../lib/http/auth-guard.ts';
import { listNotifications, markAllRead, markNotification, unreadCount } from './notifications.service.ts';
import { unsubscribe } from './unsubscribe.service.ts';
import { unsubscribeSecret } from './unsubscribe-token.service.ts';

// The bell (list, unread count, mark read) and the e-mails' unsubscribe link (ADR 027). Thin.
const tags = ['notifications'];
const markBodySchema = z.object({ isRead: z.boolean().default(true) });

export const notificationsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;
  const secret = await unsubscribeSecret(db);

  app.get(
    '/api/notifications',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'My notifications, newest first (filter=unread for unread only)',
        querystring: notificationListQuerySchema,
        response: { 200: ok(notificationPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listNotifications({ db, principal: principalOf(request), query: request.query }),
    }),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'How many of my notifications are unread', response: { 200: ok(unreadCountSchema) } },
    },
    async (request) => ({ success: true as const, data: await unreadCount({ db, principal: principalOf(request) }) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      preHandler: requireUser,
      config: { access: { params: { id: 'notification' } } },
      schema: {
        tags,
        summary: 'Mark one of my notifications read (isRead: false marks it unread again)',
        params: idParamsSchema,
        body: markBodySchema,
        response: { 200: ok(markedReadSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await markNotification({
        db,
        clock,
        principal: principalOf(request),
        id: request.params.id,
        isRead: request.body.isRead,
      }),
    }),
  );

  app.post(
    '/api/notifications/read-all',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'Mark all my notifications read', response: { 200: ok(markedReadSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await markAllRead({ db, clock, principal: principalOf(request) }),
    }),
  );

  app.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Stop notification e-mails with the link from one (no sign-in: the signed token is the credential)',
        body: unsubscribeBodySchema,
        response: { 200: ok(unsubscribedSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await unsubscribe({ db, clock, secret, token: request.body.token }),
    }),
  );

  // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` as a form to the URL of
  // the List-Unsubscribe header. Its own scope, so the form parser applies to this route alone.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/notifications/unsubscribe/one-click',
      {
        schema: {
          tags,
          summary: 'RFC 8058 one-click unsubscribe (the List-Unsubscribe header of every notification e-mail)',
          querystring: unsubscribeQuerySchema,
          body: z.object({ 'List-Unsubscribe': z.literal('One-Click') }).optional(),
          response: { 200: ok(unsubscribedSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await unsubscribe({ db, clock, secret, token: request.query.token }),
      }),
    );
  });
};
