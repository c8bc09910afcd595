// Action plans (issue 15; docs/product/action-plans.md, validation.md): statuses, the task transitions the server allows, and limits.

export const PLAN_STATUSES = ['active', 'completed', 'archived'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const TASK_STATUSES = ['not_started', 'in_progress', 'completed', 'skipped'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  completed: 'Completed',
  skipped: 'Skipped',
};

/**
 * Allowed task status changes (docs/product/action-plans.md). Work moves forward; a completed task can
 * be reopened (back to in progress) and a skipped one taken up again (back to not started).
 */
export const TASK_TRANSITIONS: Record<TaskStatus, readonly TaskStatus[]> = {
  not_started: ['in_progress', 'completed', 'skipped'],
  in_progress: ['not_started', 'completed', 'skipped'],
  completed: ['in_progress'],
  skipped: ['not_started'],
};

export function canMoveTask(from: TaskStatus, to: TaskStatus): boolean {
  return TASK_TRANSITIONS[from].includes(to);
}

/** Plan status changes: active → completed → archived, reopening, and restoring an archived plan. */
export const PLAN_TRANSITIONS: Record<PlanStatus, readonly PlanStatus[]> = {
  active: ['completed', 'archived'],
  completed: ['active', 'archived'],
  archived: ['active'],
};

/** A prerequisite that no longer holds its dependants back. */
export function isDone(status: TaskStatus): boolean {
  return status === 'completed' || status === 'skipped';
}

/** The four phases every generated plan has, in order. */
export const PLAN_PHASE_NAMES = ['Research', 'Validation', 'Development', 'Launch'] as const;

export const PLAN_TITLE_MIN = 5;
export const PLAN_TITLE_MAX = 200;
export const PHASE_NAME_MIN = 2;
export const PHASE_NAME_MAX = 100;
export const PHASE_DURATION_MAX = 50;
export const TASK_TITLE_MIN = 3;
export const TASK_TITLE_MAX = 200;
export const TASK_TIME_MAX = 50;
export const TEMPLATE_NAME_MIN = 3;
export const TEMPLATE_NAME_MAX = 100;

/** Limits that keep one plan (and one request) a size a person works through. */
export const MAX_PHASES_PER_PLAN = 12;
export const MAX_TASKS_PER_PLAN = 300;
export const MAX_PLANS_PER_USER = 200;
export const MAX_TEMPLATES_PER_USER = 50;

/** Days of snapshots the progress chart shows. */
export const PROGRESS_CHART_DAYS = 30;
export const VELOCITY_WINDOW_DAYS = 7;
