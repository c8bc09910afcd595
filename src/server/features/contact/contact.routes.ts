import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { contactRequestSchema, contactResponseSchema } from '#shared/billing/billing.schemas.ts';
import { requireUser } from '../../lib/http/auth-guard.ts';
import { enforceRateLimit } from '../../lib/http/rate-limit.ts';
import { submitContactRequest } from './contact.service.ts';
import { HOUR_MS } from '#shared/app/time.constants.ts';

const CONTACTS_PER_HOUR_PER_IP = 5;

/** POST /api/contact: the enterprise sales form (open to visitors; linked to the user when signed in). */
export const contactRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send an enterprise sales enquiry',
        body: contactRequestSchema,
        response: { 201: ok(contactResponseSchema) },
      },
    },
    async (request, reply) => {
      const { db, env, clock } = app.deps;
      if (request.headers.authorization) await requireUser(request);
      await enforceRateLimit({
        db,
        key: `contact:${request.ip}`,
        limit: CONTACTS_PER_HOUR_PER_IP,
        windowMs: HOUR_MS,
        now: clock.now(),
      });
      const result = await submitContactRequest({
        db,
        mailer: app.deps.mailer,
        salesEmail: env.SALES_EMAIL,
        request: request.body,
        userId: request.auth?.user.id ?? null,
        ipAddress: request.ip,
        now: clock.now(),
      });
      return reply.status(201).send({
        success: true as const,
        message: 'Thanks! Our sales team will reply within one business day.',
        data: result,
      });
    },
  );
};
