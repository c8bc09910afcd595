import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#shared/api/envelope.schemas.ts';
import { trendingSchema } from '#shared/trends/trends.schemas.ts';
import { loadTrendsCorpus } from '../../engine/pool/trends-corpus.ts';
import { currentUser, requireUser } from '../../lib/http/auth-guard.ts';
import { computeTrending } from './trending.service.ts';

// GET /api/trending: categories growing fastest and themes many users explore (never raw queries).
export const trendingRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/',
    {
      preHandler: requireUser,
      schema: { tags: ['trends'], summary: 'What is growing', response: { 200: ok(trendingSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await computeTrending({
        db: app.deps.db,
        loadCorpus: () =>
          loadTrendsCorpus({ env: app.deps.env, engine: app.hasDecorator('engine') ? app.engine : null }),
        now: app.deps.clock.now(),
        viewerId: currentUser(request).id,
      }),
    }),
  );
};
