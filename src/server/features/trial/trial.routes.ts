import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { trialActivateRequestSchema } from '#shared/billing/billing.schemas.ts';
import { currentUser, requireUser } from '../../lib/auth-guard.ts';
import { activateTrial } from './trial.service.ts';

export const trialRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.post('/activate', { preHandler: requireUser, schema: { body: trialActivateRequestSchema } }, async (request) => ({
    success: true,
    message: 'Free trial activated.',
    data: await activateTrial({
      db: app.deps.db,
      user: currentUser(request),
      email: request.body.email,
      now: app.deps.clock.now(),
    }),
  }));
};
