import type { FastifyRequest } from 'fastify';
import { planIncludes } from '#shared/plans/plan-features.ts';
import { principalOf } from '../../lib/access/principal.ts';
import { currentUser } from '../../lib/auth-guard.ts';
import { effectivePlan } from '../../lib/effective-plan.ts';

/** What a plan route hands its service: the database, who asks, whether their plan includes action plans, and now. */
export function writer(request: FastifyRequest) {
  const user = currentUser(request);
  const now = request.server.deps.clock.now();
  return {
    db: request.server.deps.db,
    principal: principalOf(request),
    userId: user.id,
    canPlan: planIncludes(effectivePlan(user, now), 'actionPlans'),
    now,
  };
}
