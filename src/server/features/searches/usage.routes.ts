import type { FastifyPluginAsync } from 'fastify';
import { currentUser, requireUser } from '../../lib/auth-guard.ts';
import { usageOf } from './search-quota.service.ts';

// GET /api/user/usage (spec §7): this month's searches and the plan's limit (null = unlimited).
export const usageRoutes: FastifyPluginAsync = async (app) => {
  app.get('/usage', { preHandler: requireUser }, async (request) => ({
    success: true,
    data: usageOf(currentUser(request), app.deps.clock.now()),
  }));
};
