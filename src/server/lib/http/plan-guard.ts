import type { FastifyRequest } from 'fastify';
import { cheapestPlanWith, planIncludes, type PlanFeature } from '#shared/plans/plan-features.ts';
import { PLANS } from '#shared/plans/plans.constants.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../platform/app-error.ts';
import { currentUser, requireUser, signsIn } from './auth-guard.ts';
import { effectivePlan } from '../domain/effective-plan.ts';

// The one entitlement check. Services call assertPlan(user, now, feature) themselves (after their access
// check, so another user's id is a 404 whatever the caller's plan), and routes whose whole purpose is a
// paid feature add the guard `preHandler: requirePlan('collaboration')`. The plan comes from the user row
// loaded from the database on this request (subscription and trial state through effectivePlan), never
// from anything a token claims. Lint keeps every other plan check out (eslint/unbuilt-plugin.js).

/** Whether the user's plan includes a feature now (for a flag in a response; to refuse, use assertPlan). */
export function hasPlan(user: UserRow, now: Date, feature: PlanFeature): boolean {
  return planIncludes(effectivePlan(user, now), feature);
}

/** 403 PLAN_REQUIRED unless the user's plan includes the feature; `message` words a feature's own prompt. */
export function assertPlan(user: UserRow, now: Date, feature: PlanFeature, message?: string): void {
  if (hasPlan(user, now, feature)) return;
  const needed = PLANS[cheapestPlanWith(feature)].name;
  throw new AppError('PLAN_REQUIRED', message ?? `This feature needs the ${needed} plan. Upgrade to use it.`);
}

/** The route guard: signs the user in when no guard did, then assertPlan. */
export function requirePlan(feature: PlanFeature): (request: FastifyRequest) => Promise<void> {
  return signsIn(async (request: FastifyRequest) => {
    if (!request.auth) await requireUser(request);
    assertPlan(currentUser(request), request.server.deps.clock.now(), feature);
  });
}

/** The same 403 for a plan's limit reached or a paid-only row (a feature the plan lacks: assertPlan). */
export function planRequired(message: string): AppError {
  return new AppError('PLAN_REQUIRED', message);
}
