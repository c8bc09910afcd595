import type { FastifyRequest } from 'fastify';
import { cheapestPlanWith, planIncludes, type PlanFeature } from '#shared/plans/plan-features.ts';
import { PLANS } from '#shared/plans/plans.constants.ts';
import { AppError } from './app-error.ts';
import { currentUser, requireUser } from './auth-guard.ts';
import { effectivePlan } from './effective-plan.ts';

// The one plan guard: `preHandler: requirePlan('collaboration')`. The plan comes from the user row
// loaded from the database on this request (subscription and trial state through effectivePlan),
// never from anything the token claims.

export function requirePlan(feature: PlanFeature): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    if (!request.auth) await requireUser(request);
    const user = currentUser(request);
    const plan = effectivePlan(user, request.server.deps.clock.now());
    if (!planIncludes(plan, feature)) {
      const needed = PLANS[cheapestPlanWith(feature)].name;
      throw new AppError('PLAN_REQUIRED', `This feature needs the ${needed} plan. Upgrade to use it.`);
    }
  };
}
