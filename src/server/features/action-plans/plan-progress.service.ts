import { and, asc, desc, eq, gte, ne } from 'drizzle-orm';
import { DAY_MS, HOUR_MS } from '#shared/app/time.constants.ts';
import { PROGRESS_CHART_DAYS, VELOCITY_WINDOW_DAYS } from '#shared/action-plans/action-plans.constants.ts';
import type { ProgressHistory, TaskHistory } from '#shared/action-plans/action-plans.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import { actionPlanProgress, actionPlans, progressSnapshots, taskHistory } from '../../db/schema/index.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { loadPlanRows, progressOf, type PlanRows } from './plan.dto.ts';

// Progress over time: the per-search summary (action_plan_progress), one snapshot per plan per UTC
// day (written on every change and by the daily job for days without changes), and the task history.

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function snapshotOf(rows: PlanRows, now: Date) {
  const progress = progressOf(rows.phases, rows.tasks);
  const completed = rows.tasks.filter((t) => t.status === 'completed' && t.completedAt);
  const hours = completed.map(
    (t) => ((t.completedAt?.getTime() ?? 0) - (t.startedAt ?? t.createdAt).getTime()) / HOUR_MS,
  );
  const windowStart = now.getTime() - VELOCITY_WINDOW_DAYS * DAY_MS;
  return {
    planId: rows.plan.id,
    day: utcDay(now),
    totalTasks: progress.totalTasks,
    completedTasks: progress.completedTasks,
    inProgressTasks: progress.inProgressTasks,
    skippedTasks: progress.skippedTasks,
    completionPercentage: progress.completionPercentage,
    averageTaskTime: hours.length ? Math.round((hours.reduce((a, b) => a + b, 0) / hours.length) * 10) / 10 : null,
    velocity: completed.filter((t) => (t.completedAt?.getTime() ?? 0) > windowStart).length,
    createdAt: now,
  };
}

export async function writeSnapshot(db: Database | Tx, rows: PlanRows, now: Date): Promise<void> {
  const snapshot = snapshotOf(rows, now);
  const { planId: _planId, day: _day, ...values } = snapshot;
  await db
    .insert(progressSnapshots)
    .values(snapshot)
    .onConflictDoUpdate({ target: [progressSnapshots.planId, progressSnapshots.day], set: values });
}

/** Inside every plan write: today's snapshot and the per-search summary. */
export async function recordProgress(tx: Tx, rows: PlanRows, now: Date): Promise<void> {
  await writeSnapshot(tx, rows, now);
  const { plan } = rows;
  if (plan.searchId === null) return;
  const progress = progressOf(rows.phases, rows.tasks);
  const values = {
    planId: plan.id,
    completedSteps: rows.tasks.filter((t) => t.status === 'completed').map((t) => t.id),
    phaseCompletion: Object.fromEntries(progress.phases.map((p) => [p.name, p.completionPercentage])),
    overallCompletion: progress.completionPercentage,
    updatedAt: now,
  };
  await tx
    .insert(actionPlanProgress)
    .values({ userId: plan.userId, searchId: plan.searchId, ...values })
    .onConflictDoUpdate({ target: [actionPlanProgress.userId, actionPlanProgress.searchId], set: values });
}

/** The daily job: a snapshot for every plan not archived, for the day that is ending (idempotent). */
export async function snapshotAllPlans(db: Database, now: Date): Promise<number> {
  const plans = await db
    .select()
    .from(actionPlans)
    .where(ne(actionPlans.status, 'archived'))
    .orderBy(asc(actionPlans.id));
  for (const plan of plans) await writeSnapshot(db, await loadPlanRows(db, plan), now);
  return plans.length;
}

export async function progressHistory(options: {
  db: Database;
  principal: Principal;
  planId: number;
  now: Date;
  load: (db: Database, principal: Principal, id: number) => Promise<PlanRows>;
}): Promise<ProgressHistory> {
  const { db, principal, planId, now } = options;
  await options.load(db, principal, planId);
  const since = utcDay(new Date(now.getTime() - PROGRESS_CHART_DAYS * DAY_MS));
  const rows = await db
    .select()
    .from(progressSnapshots)
    .where(and(eq(progressSnapshots.planId, planId), gte(progressSnapshots.day, since)))
    .orderBy(asc(progressSnapshots.day));
  return {
    snapshots: rows.map((r) => ({
      day: r.day,
      totalTasks: r.totalTasks,
      completedTasks: r.completedTasks,
      inProgressTasks: r.inProgressTasks,
      skippedTasks: r.skippedTasks,
      completionPercentage: r.completionPercentage,
      averageTaskTime: r.averageTaskTime,
      velocity: r.velocity,
    })),
  };
}

export async function historyOf(options: {
  db: Database;
  principal: Principal;
  planId: number;
  load: (db: Database, principal: Principal, id: number) => Promise<PlanRows>;
}): Promise<TaskHistory> {
  const { db, principal, planId } = options;
  await options.load(db, principal, planId);
  const rows = await db
    .select()
    .from(taskHistory)
    .where(eq(taskHistory.planId, planId))
    .orderBy(desc(taskHistory.id))
    .limit(500);
  return {
    items: rows.map((r) => ({
      id: r.id,
      taskId: r.taskId,
      action: r.action,
      previousState: r.previousState ?? null,
      newState: r.newState ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
