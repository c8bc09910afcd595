import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../lib/auth-guard.ts';
import { computeTrending } from './trending.service.ts';

// GET /api/trending: categories growing fastest and themes many users explore (never raw queries).
export const trendingRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', { preHandler: requireUser }, async () => ({
    success: true,
    data: await computeTrending({ db: app.deps.db, env: app.deps.env, now: app.deps.clock.now() }),
  }));
};
