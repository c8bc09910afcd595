import { eq, sql } from 'drizzle-orm';
import type { ActionPlanDto } from '#shared/action-plans/action-plans.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import { actionPlans, type ActionPlanRow, type UserRow } from '../../db/schema/index.ts';
import { accessibleRow } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { actionPlanResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { assertPlan } from '../../lib/http/plan-guard.ts';
import { loadPlanRows, toPlanDto } from './plan.dto.ts';
import { recordProgress } from './plan-progress.service.ts';

// Every change to a plan, its phases or its tasks goes through writePlan: one transaction that first
// bumps the plan's version on the condition that it is still the version the client saw. Two tabs
// writing from the same version: the first wins, the second matches no row and gets a 409 (never a
// silent overwrite). The conditional UPDATE also locks the plan row, so writes to one plan run one
// after another and order rewrites never interleave (ADR 013).

export const PRO_FEATURE_MESSAGE =
  'This is a Pro feature. Upgrade to Pro (or start the free trial) to generate and edit action plans.';

export const STALE_PLAN_MESSAGE =
  'This plan was changed in another tab or by another request. Reload it and try again.';

export async function writePlan(
  options: {
    db: Database;
    principal: Principal;
    user: UserRow;
    planId: number;
    version: number;
    now: Date;
    /** Status changes may touch an archived plan (to restore it); nothing else may. */
    allowArchived?: boolean;
  },
  change: (tx: Tx, plan: ActionPlanRow) => Promise<void>,
): Promise<ActionPlanDto> {
  const { db, principal, user, planId, version, now } = options;
  const rows = await db.transaction(async (tx) => {
    const [plan] = await tx
      .update(actionPlans)
      .set({ version: sql`${actionPlans.version} + 1`, updatedAt: now })
      .where(
        sql`${accessibleRow(actionPlanResource, planId, principal, 'write')} and ${actionPlans.version} = ${version}`,
      )
      .returning();
    if (!plan) {
      const [found] = await tx
        .select({ version: actionPlans.version })
        .from(actionPlans)
        .where(accessibleRow(actionPlanResource, planId, principal, 'write'));
      if (!found) throw notFound(actionPlanResource.label);
      assertPlan(user, now, 'actionPlans', PRO_FEATURE_MESSAGE);
      throw new AppError('CONFLICT', STALE_PLAN_MESSAGE);
    }
    assertPlan(user, now, 'actionPlans', PRO_FEATURE_MESSAGE);
    if (plan.status === 'archived' && !options.allowArchived) {
      throw new AppError('CONFLICT', 'This plan is archived. Restore it to change it.');
    }
    await change(tx, plan);
    const [fresh] = await tx.select().from(actionPlans).where(eq(actionPlans.id, plan.id));
    const loaded = await loadPlanRows(tx, fresh ?? plan);
    await recordProgress(tx, loaded, now);
    return loaded;
  });
  return toPlanDto(rows);
}
