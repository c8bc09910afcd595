import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { trialActivateRequestSchema, trialActivateResponseSchema } from '#shared/billing/billing.schemas.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { activateTrial } from './trial.service.ts';

export const trialRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/activate',
    {
      preHandler: requireUser,
      schema: {
        tags: ['billing'],
        summary: 'Start the free Pro trial',
        body: trialActivateRequestSchema,
        response: { 200: ok(trialActivateResponseSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Free trial activated.',
      data: await activateTrial({
        db: app.deps.db,
        user: currentUser(request),
        email: request.body.email,
        now: app.deps.clock.now(),
      }),
    }),
  );
};
