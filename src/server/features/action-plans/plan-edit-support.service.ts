import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { planPhases, planTasks, type UserRow } from '../../db/schema/index.ts';
import { accessibleRow } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { planPhaseResource, planTaskResource, type ResourceName } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';

// What every plan edit shares: the write context, the plan an edited phase or task belongs to (owner
// or canEdit only), order rewriting that keeps the (scope, order) unique index valid, and the
// task_history row of a change.

export type WriteContext = { db: Database; principal: Principal; user: UserRow; userId: number; now: Date };

export async function planIdOf(
  db: Database,
  principal: Principal,
  kind: Extract<ResourceName, 'planPhase' | 'planTask'>,
  id: number,
) {
  const [row] =
    kind === 'planPhase'
      ? await db
          .select({ planId: planPhases.planId })
          .from(planPhases)
          .where(accessibleRow(planPhaseResource, id, principal, 'write'))
      : await db
          .select({ planId: planTasks.planId })
          .from(planTasks)
          .where(accessibleRow(planTaskResource, id, principal, 'write'));
  if (!row) throw notFound(kind === 'planPhase' ? planPhaseResource.label : planTaskResource.label);
  return row.planId;
}

/**
 * Gives rows of one scope (a plan's phases, a phase's tasks) the orders 0..n-1 in the order of the
 * ids, and (for tasks) their phase. Every row first goes to a negative order (unique, since the old
 * orders were), then to its final one, so the (scope, order) unique index holds throughout; a task
 * moving between phases is in both steps of one call.
 */
export async function writeOrder(
  tx: Tx,
  table: 'phases' | 'tasks',
  groups: { phaseId?: number; ids: number[] }[],
): Promise<void> {
  const all = groups.flatMap((g) => g.ids);
  if (all.length === 0) return;
  if (table === 'phases') {
    await tx
      .update(planPhases)
      .set({ order: sql`-1 - ${planPhases.order}` })
      .where(inArray(planPhases.id, all));
  } else {
    await tx
      .update(planTasks)
      .set({ order: sql`-1 - ${planTasks.order}` })
      .where(inArray(planTasks.id, all));
  }
  for (const group of groups) {
    if (group.ids.length === 0) continue;
    const values = sql.join(
      group.ids.map((id, i) => sql`(${id}::int, ${i}::int)`),
      sql`, `,
    );
    await tx.execute(
      table === 'phases'
        ? sql`update plan_phases set "order" = v.ord from (values ${values}) as v(id, ord) where plan_phases.id = v.id`
        : sql`update plan_tasks set "order" = v.ord, phase_id = ${group.phaseId ?? null}::int from (values ${values}) as v(id, ord) where plan_tasks.id = v.id`,
    );
  }
}

export async function phaseTaskIds(tx: Tx, phaseId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: planTasks.id })
    .from(planTasks)
    .where(eq(planTasks.phaseId, phaseId))
    .orderBy(asc(planTasks.order));
  return rows.map((r) => r.id);
}

export async function planPhaseIds(tx: Tx, planId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: planPhases.id })
    .from(planPhases)
    .where(eq(planPhases.planId, planId))
    .orderBy(asc(planPhases.order));
  return rows.map((r) => r.id);
}

export function moveWithin(ids: number[], id: number, to: number): number[] {
  if (to > ids.length - 1) {
    throw new AppError('VALIDATION_FAILED', `Order must be between 0 and ${ids.length - 1}.`, {
      order: `Order must be between 0 and ${ids.length - 1}`,
    });
  }
  const rest = ids.filter((x) => x !== id);
  rest.splice(to, 0, id);
  return rest;
}

export function history(
  ctx: WriteContext,
  planId: number,
  taskId: number,
  action: string,
  previousState: Record<string, unknown> | null,
  newState: Record<string, unknown> | null,
) {
  return { planId, taskId, userId: ctx.userId, action, previousState, newState, createdAt: ctx.now };
}

export function sameSet(a: number[], b: number[]): boolean {
  return a.length === b.length && new Set(a).size === a.length && a.every((x) => b.includes(x));
}
