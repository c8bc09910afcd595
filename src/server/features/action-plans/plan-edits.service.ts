import { and, eq, sql } from 'drizzle-orm';
import {
  MAX_PHASES_PER_PLAN,
  MAX_TASKS_PER_PLAN,
  TASK_STATUS_LABELS,
  canMoveTask,
  isDone,
  type TaskStatus,
} from '#shared/action-plans/action-plans.constants.ts';
import type { ActionPlanDto, UpdateTaskInput } from '#shared/action-plans/action-plans.schemas.ts';
import { findCycle } from '#shared/action-plans/dependency-graph.ts';
import type { Tx } from '../../db/client.ts';
import { planPhases, planTasks, taskDependencies, taskHistory, type PlanTaskRow } from '../../db/schema/index.ts';
import { planTaskResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { writePlan } from './plan-write.service.ts';
import {
  history,
  moveWithin,
  phaseTaskIds,
  planIdOf,
  planPhaseIds,
  sameSet,
  writeOrder,
  type WriteContext,
} from './plan-edit-support.service.ts';

// Working a plan: phases and tasks added, renamed, moved, reordered and deleted; dependencies; task
// status. Each change is one writePlan transaction (version check + plan row lock) and writes a
// task_history row per task it touches.

// ── Phases ───────────────────────────────────────────────────────────────────

export async function addPhase(
  ctx: WriteContext & {
    planId: number;
    input: { version: number; name: string; description?: string | undefined; estimatedDuration?: string | undefined };
  },
): Promise<ActionPlanDto> {
  const { input } = ctx;
  return writePlan({ ...ctx, version: input.version }, async (tx, plan) => {
    const ids = await planPhaseIds(tx, plan.id);
    if (ids.length >= MAX_PHASES_PER_PLAN) {
      throw new AppError('BAD_REQUEST', `A plan holds at most ${MAX_PHASES_PER_PLAN} phases.`);
    }
    await tx.insert(planPhases).values({
      planId: plan.id,
      name: input.name,
      description: input.description ?? null,
      estimatedDuration: input.estimatedDuration ?? null,
      order: ids.length,
      isCustom: true,
      createdAt: ctx.now,
    });
  });
}

export async function updatePhase(
  ctx: WriteContext & {
    id: number;
    input: {
      version: number;
      name?: string | undefined;
      description?: string | null | undefined;
      estimatedDuration?: string | null | undefined;
      order?: number | undefined;
    };
  },
): Promise<ActionPlanDto> {
  const { id, input } = ctx;
  const planId = await planIdOf(ctx.db, ctx.principal, 'planPhase', id);
  return writePlan({ ...ctx, planId, version: input.version }, async (tx, plan) => {
    const { order, version: _version, ...fields } = input;
    const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length > 0) await tx.update(planPhases).set(set).where(eq(planPhases.id, id));
    if (order !== undefined)
      await writeOrder(tx, 'phases', [{ ids: moveWithin(await planPhaseIds(tx, plan.id), id, order) }]);
  });
}

export async function deletePhase(ctx: WriteContext & { id: number; version: number }): Promise<ActionPlanDto> {
  const planId = await planIdOf(ctx.db, ctx.principal, 'planPhase', ctx.id);
  return writePlan({ ...ctx, planId }, async (tx, plan) => {
    const tasks = await tx.select().from(planTasks).where(eq(planTasks.phaseId, ctx.id));
    if (tasks.length > 0) {
      await tx
        .insert(taskHistory)
        .values(
          tasks.map((t) =>
            history(ctx, plan.id, t.id, 'deleted', { title: t.title, status: t.status, phaseId: t.phaseId }, null),
          ),
        );
    }
    await tx.delete(planPhases).where(eq(planPhases.id, ctx.id));
    await writeOrder(tx, 'phases', [{ ids: await planPhaseIds(tx, plan.id) }]);
  });
}

export async function reorderPhases(
  ctx: WriteContext & { input: { planId: number; version: number; phaseIds: number[] } },
): Promise<ActionPlanDto> {
  const { input } = ctx;
  return writePlan({ ...ctx, planId: input.planId, version: input.version }, async (tx, plan) => {
    const current = await planPhaseIds(tx, plan.id);
    if (!sameSet(input.phaseIds, current)) {
      throw new AppError('VALIDATION_FAILED', 'List every phase of this plan exactly once.', {
        phaseIds: 'List every phase of this plan exactly once',
      });
    }
    await writeOrder(tx, 'phases', [{ ids: input.phaseIds }]);
  });
}

// ── Tasks ────────────────────────────────────────────────────────────────────

async function countPlanTasks(tx: Tx, planId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(planTasks)
    .where(eq(planTasks.planId, planId));
  return Number(row?.n ?? 0);
}

export async function addTask(
  ctx: WriteContext & {
    phaseId: number;
    input: { version: number; title: string; description?: string | undefined; estimatedTime?: string | undefined };
  },
): Promise<ActionPlanDto> {
  const { phaseId, input } = ctx;
  const planId = await planIdOf(ctx.db, ctx.principal, 'planPhase', phaseId);
  return writePlan({ ...ctx, planId, version: input.version }, async (tx, plan) => {
    if ((await countPlanTasks(tx, plan.id)) >= MAX_TASKS_PER_PLAN) {
      throw new AppError('BAD_REQUEST', `A plan holds at most ${MAX_TASKS_PER_PLAN} tasks.`);
    }
    const order = (await phaseTaskIds(tx, phaseId)).length;
    const [task] = await tx
      .insert(planTasks)
      .values({
        planId: plan.id,
        phaseId,
        title: input.title,
        description: input.description ?? null,
        estimatedTime: input.estimatedTime ?? null,
        order,
        isCustom: true,
        assigneeId: ctx.userId,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    if (task) {
      await tx
        .insert(taskHistory)
        .values(
          history(ctx, plan.id, task.id, 'created', null, { title: task.title, status: task.status, phaseId, order }),
        );
    }
  });
}

function titleOf(tasks: Map<number, PlanTaskRow>, id: number): string {
  return `“${tasks.get(id)?.title ?? `task ${id}`}”`;
}

async function setPrerequisites(
  tx: Tx,
  ctx: WriteContext,
  task: PlanTaskRow,
  tasks: Map<number, PlanTaskRow>,
  requested: number[],
): Promise<void> {
  const ids = [...new Set(requested)];
  if (ids.includes(task.id)) {
    throw new AppError('VALIDATION_FAILED', 'Task cannot depend on itself', {
      prerequisiteIds: 'Task cannot depend on itself',
    });
  }
  const foreign = ids.filter((id) => !tasks.has(id));
  if (foreign.length > 0) {
    throw new AppError('VALIDATION_FAILED', 'A prerequisite must be a task of the same plan.', {
      prerequisiteIds: 'A prerequisite must be a task of the same plan',
    });
  }
  const edges = await tx
    .select({ taskId: taskDependencies.taskId, prerequisiteTaskId: taskDependencies.prerequisiteTaskId })
    .from(taskDependencies)
    .where(eq(taskDependencies.planId, task.planId));
  const cycle = findCycle(edges, task.id, ids);
  if (cycle) {
    const path = cycle.map((id) => titleOf(tasks, id)).join(' → ');
    const message = `These dependencies would form a cycle: ${path}`;
    throw new AppError('VALIDATION_FAILED', message, { prerequisiteIds: message });
  }
  const before = edges.filter((e) => e.taskId === task.id).map((e) => e.prerequisiteTaskId);
  if (sameSet(before, ids)) return;
  await tx.delete(taskDependencies).where(eq(taskDependencies.taskId, task.id));
  if (ids.length > 0) {
    await tx
      .insert(taskDependencies)
      .values(ids.map((id) => ({ planId: task.planId, taskId: task.id, prerequisiteTaskId: id })));
  }
  await tx
    .insert(taskHistory)
    .values(
      history(ctx, task.planId, task.id, 'dependencies_changed', { prerequisiteIds: before }, { prerequisiteIds: ids }),
    );
}

async function openPrerequisitesOf(tx: Tx, task: PlanTaskRow, tasks: Map<number, PlanTaskRow>): Promise<number[]> {
  const rows = await tx
    .select({ id: taskDependencies.prerequisiteTaskId })
    .from(taskDependencies)
    .where(eq(taskDependencies.taskId, task.id));
  return rows.map((r) => r.id).filter((id) => !isDone(tasks.get(id)?.status ?? 'completed'));
}

async function changeStatus(
  tx: Tx,
  ctx: WriteContext,
  task: PlanTaskRow,
  tasks: Map<number, PlanTaskRow>,
  status: TaskStatus,
  override: boolean,
): Promise<void> {
  if (status === task.status) return;
  if (!canMoveTask(task.status, status)) {
    const message = `A task cannot go from ${TASK_STATUS_LABELS[task.status]} to ${TASK_STATUS_LABELS[status]}.`;
    throw new AppError('VALIDATION_FAILED', message, { status: message });
  }
  const open = status === 'completed' ? await openPrerequisitesOf(tx, task, tasks) : [];
  if (open.length > 0 && !override) {
    throw new AppError(
      'CONFLICT',
      `Finish its prerequisites first (${open.map((id) => titleOf(tasks, id)).join(', ')}), or complete it anyway with the override.`,
    );
  }
  const set: Partial<PlanTaskRow> = { status, updatedAt: ctx.now };
  if (status === 'in_progress' && !task.startedAt) set.startedAt = ctx.now;
  if (status === 'completed') Object.assign(set, { completedAt: ctx.now, completedBy: ctx.userId });
  else Object.assign(set, { completedAt: null, completedBy: null });
  await tx.update(planTasks).set(set).where(eq(planTasks.id, task.id));
  await tx
    .insert(taskHistory)
    .values(
      history(
        ctx,
        task.planId,
        task.id,
        open.length > 0 ? 'completed_with_override' : 'status_changed',
        { status: task.status },
        open.length > 0 ? { status, openPrerequisiteIds: open } : { status },
      ),
    );
  tasks.set(task.id, { ...task, status });
}

export async function updateTask(ctx: WriteContext & { id: number; input: UpdateTaskInput }): Promise<ActionPlanDto> {
  const { id, input } = ctx;
  const planId = await planIdOf(ctx.db, ctx.principal, 'planTask', id);
  return writePlan({ ...ctx, planId, version: input.version }, async (tx, plan) => {
    const all = await tx.select().from(planTasks).where(eq(planTasks.planId, plan.id));
    const tasks = new Map(all.map((t) => [t.id, t]));
    const task = tasks.get(id);
    if (!task) throw notFound(planTaskResource.label);

    const fields = {
      title: input.title,
      description: input.description,
      estimatedTime: input.estimatedTime,
      notes: input.notes,
      resources: input.resources,
    };
    const changed = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (Object.keys(changed).length > 0) {
      const previous = Object.fromEntries(Object.keys(changed).map((k) => [k, task[k as keyof PlanTaskRow]]));
      await tx
        .update(planTasks)
        .set({ ...changed, updatedAt: ctx.now })
        .where(eq(planTasks.id, id));
      await tx.insert(taskHistory).values(history(ctx, plan.id, id, 'updated', previous, changed));
    }
    if (input.prerequisiteIds !== undefined) await setPrerequisites(tx, ctx, task, tasks, input.prerequisiteIds);
    if (input.status !== undefined) await changeStatus(tx, ctx, task, tasks, input.status, input.override === true);

    if (input.phaseId !== undefined && input.phaseId !== task.phaseId) {
      const [target] = await tx
        .select({ id: planPhases.id })
        .from(planPhases)
        .where(and(eq(planPhases.id, input.phaseId), eq(planPhases.planId, plan.id)));
      if (!target) {
        throw new AppError('VALIDATION_FAILED', 'That phase is not part of this plan.', {
          phaseId: 'That phase is not part of this plan',
        });
      }
      const source = (await phaseTaskIds(tx, task.phaseId)).filter((x) => x !== id);
      const destination = [...(await phaseTaskIds(tx, target.id)), id];
      const placed = input.order === undefined ? destination : moveWithin(destination, id, input.order);
      await writeOrder(tx, 'tasks', [
        { phaseId: task.phaseId, ids: source },
        { phaseId: target.id, ids: placed },
      ]);
      await tx
        .insert(taskHistory)
        .values(
          history(
            ctx,
            plan.id,
            id,
            'moved',
            { phaseId: task.phaseId, order: task.order },
            { phaseId: target.id, order: placed.indexOf(id) },
          ),
        );
    } else if (input.order !== undefined && input.order !== task.order) {
      const placed = moveWithin(await phaseTaskIds(tx, task.phaseId), id, input.order);
      await writeOrder(tx, 'tasks', [{ phaseId: task.phaseId, ids: placed }]);
      await tx
        .insert(taskHistory)
        .values(history(ctx, plan.id, id, 'reordered', { order: task.order }, { order: input.order }));
    }
  });
}

export async function deleteTask(ctx: WriteContext & { id: number; version: number }): Promise<ActionPlanDto> {
  const planId = await planIdOf(ctx.db, ctx.principal, 'planTask', ctx.id);
  return writePlan({ ...ctx, planId }, async (tx, plan) => {
    const [task] = await tx.delete(planTasks).where(eq(planTasks.id, ctx.id)).returning();
    if (!task) throw notFound(planTaskResource.label);
    await tx
      .insert(taskHistory)
      .values(
        history(
          ctx,
          plan.id,
          task.id,
          'deleted',
          { title: task.title, status: task.status, phaseId: task.phaseId },
          null,
        ),
      );
    await writeOrder(tx, 'tasks', [{ phaseId: task.phaseId, ids: await phaseTaskIds(tx, task.phaseId) }]);
  });
}

export async function reorderTasks(
  ctx: WriteContext & { input: { phaseId: number; version: number; taskIds: number[] } },
): Promise<ActionPlanDto> {
  const { input } = ctx;
  const planId = await planIdOf(ctx.db, ctx.principal, 'planPhase', input.phaseId);
  return writePlan({ ...ctx, planId, version: input.version }, async (tx, plan) => {
    const current = await phaseTaskIds(tx, input.phaseId);
    if (!sameSet(input.taskIds, current)) {
      throw new AppError('VALIDATION_FAILED', 'List every task of this phase exactly once.', {
        taskIds: 'List every task of this phase exactly once',
      });
    }
    const before = new Map(current.map((id, i) => [id, i]));
    await writeOrder(tx, 'tasks', [{ phaseId: input.phaseId, ids: input.taskIds }]);
    const moved = input.taskIds.flatMap((id, i) =>
      before.get(id) === i
        ? []
        : [history(ctx, plan.id, id, 'reordered', { order: before.get(id) ?? null }, { order: i })],
    );
    if (moved.length > 0) await tx.insert(taskHistory).values(moved);
  });
}
