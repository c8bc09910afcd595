import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { usageSchema } from '#shared/usage/usage.schemas.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { usageOf } from '../../lib/domain/usage.ts';

// /api/user/usage: this month's searches and the plan's limit (null = unlimited).
export const usageRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/usage',
    {
      preHandler: requireUser,
      schema: {
        tags: ['usage'],
        summary: "This month's searches and the plan's limit",
        response: { 200: ok(usageSchema) },
      },
    },
    async (request) => ({ success: true as const, data: usageOf(currentUser(request), app.deps.clock.now()) }),
  );
};
