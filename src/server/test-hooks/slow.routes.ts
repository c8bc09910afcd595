import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '#shared/api/envelope.schemas.ts';

// Only registered with ENABLE_TEST_HOOKS (refused in production): a request that takes a while,
// so the shutdown test can prove in-flight requests finish on SIGTERM; and one that blocks the
// request thread (a synchronous loop), so the health port's test can prove it answers meanwhile.
export const slowTestRoutes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/block',
    {
      schema: {
        hide: true,
        querystring: z.object({ ms: z.coerce.number().int().min(0).max(10_000) }),
        response: { 200: ok(z.object({ blockedMs: z.number().int() })) },
      },
    },
    async (request) => {
      const until = performance.now() + request.query.ms;
      while (performance.now() < until) {
        // Nothing else runs on this thread meanwhile: no timer, no socket, no other request.
      }
      return { success: true as const, data: { blockedMs: request.query.ms } };
    },
  );
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
