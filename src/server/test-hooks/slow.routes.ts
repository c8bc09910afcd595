import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#shared/api/envelope.schemas.ts';

// Only registered with ENABLE_TEST_HOOKS (refused in production): a request that takes a while,
// so the shutdown test can prove in-flight requests finish on SIGTERM.
export const slowTestRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/slow',
    {
      schema: {
        hide: true,
        querystring: z.object({ ms: z.coerce.number().int().min(0).max(10_000) }),
        response: { 200: ok(z.object({ waitedMs: z.number().int() })) },
      },
    },
    async (request) => {
      await new Promise((resolve) => setTimeout(resolve, request.query.ms));
      return { success: true as const, data: { waitedMs: request.query.ms } };
    },
  );
};
