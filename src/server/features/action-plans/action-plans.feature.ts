import type { FastifyPluginAsync } from 'fastify';
import { dailyProgressSnapshotsJob } from './action-plans.jobs.ts';
import { actionPlanRoutes } from './action-plans.routes.ts';
import { planPartRoutes } from './plan-parts.routes.ts';

/** Action plans: plans, their phases and tasks, templates, progress, and the daily snapshot job. */
export const actionPlansFeature: FastifyPluginAsync = async (app) => {
  app.deps.jobs.register(dailyProgressSnapshotsJob);
  await app.register(actionPlanRoutes, { prefix: '/api/action-plans' });
  await app.register(planPartRoutes, { prefix: '/api' });
};
