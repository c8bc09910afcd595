import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  boolean,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { PlanTemplatePhase, PlanCustomizations, PlanOrigin } from '#shared/action-plans/action-plans.schemas.ts';
import { timestamptz } from './columns.ts';
import { ideas } from './ideas.ts';
import { searchResults, searches } from './searches.ts';
import { users } from './users.ts';

// docs/product/data.md action plans: plans, their phases and tasks, dependencies between
// tasks, templates, the history of every task change, daily progress snapshots and the per-search
// progress summary. `version` on a plan is its optimistic-concurrency counter: every write to the
// plan or anything in it bumps it (ADR 013).

export const planTemplates = pgTable(
  'plan_templates',
  {
    id: serial().primaryKey(),
    /** null = a seeded system template; otherwise the user who saved it. */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    name: varchar({ length: 100 }).notNull(),
    description: text(),
    category: varchar({ length: 50 }).notNull(),
    icon: varchar({ length: 50 }).notNull(),
    phases: jsonb().$type<PlanTemplatePhase[]>().notNull(),
    isDefault: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    // Names are unique among the system templates, and among each user's own.
    uniqueIndex('plan_templates_system_name_unique')
      .on(t.name)
      .where(sql`${t.userId} is null`),
    uniqueIndex('plan_templates_user_name_unique')
      .on(t.userId, t.name)
      .where(sql`${t.userId} is not null`),
  ],
);

export const actionPlans = pgTable(
  'action_plans',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchId: integer().references(() => searches.id, { onDelete: 'set null' }),
    /** The opportunity the plan was generated from. */
    searchResultId: integer().references(() => searchResults.id, { onDelete: 'set null' }),
    /** The validated idea the plan was generated from (its scores and hypotheses), if any. */
    ideaId: integer().references(() => ideas.id, { onDelete: 'set null' }),
    templateId: integer().references(() => planTemplates.id, { onDelete: 'set null' }),
    title: varchar({ length: 200 }).notNull(),
    description: text(),
    status: text({ enum: ['active', 'completed', 'archived'] })
      .notNull()
      .default('active'),
    /** What the generator produced (phases and tasks as first generated) and from what evidence. */
    originalPlan: jsonb().$type<PlanOrigin>().notNull(),
    customizations: jsonb().$type<PlanCustomizations>().notNull().default({}),
    version: integer().notNull().default(1),
    completedAt: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    index('action_plans_user_idx').on(t.userId, t.updatedAt.desc()),
    uniqueIndex('action_plans_user_result_unique')
      .on(t.userId, t.searchResultId)
      .where(sql`${t.searchResultId} is not null`),
    uniqueIndex('action_plans_user_idea_unique')
      .on(t.userId, t.ideaId)
      .where(sql`${t.ideaId} is not null`),
  ],
);

export const planPhases = pgTable(
  'plan_phases',
  {
    id: serial().primaryKey(),
    planId: integer()
      .notNull()
      .references(() => actionPlans.id, { onDelete: 'cascade' }),
    name: varchar({ length: 100 }).notNull(),
    description: text(),
    order: integer().notNull(),
    estimatedDuration: varchar({ length: 50 }),
    isCustom: boolean().notNull().default(false),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plan_phases_plan_order_unique').on(t.planId, t.order)],
);

export const planTasks = pgTable(
  'plan_tasks',
  {
    id: serial().primaryKey(),
    phaseId: integer()
      .notNull()
      .references(() => planPhases.id, { onDelete: 'cascade' }),
    planId: integer()
      .notNull()
      .references(() => actionPlans.id, { onDelete: 'cascade' }),
    title: varchar({ length: 200 }).notNull(),
    description: text(),
    estimatedTime: varchar({ length: 50 }),
    /** Links or references the user keeps with the task. */
    resources: jsonb().$type<string[]>().notNull().default([]),
    notes: text(),
    /** The evidence ids of the analysis this task was derived from (empty for custom tasks). */
    evidenceIds: jsonb().$type<string[]>().notNull().default([]),
    order: integer().notNull(),
    status: text({ enum: ['not_started', 'in_progress', 'completed', 'skipped'] })
      .notNull()
      .default('not_started'),
    isCustom: boolean().notNull().default(false),
    assigneeId: integer().references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamptz(),
    completedAt: timestamptz(),
    completedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_tasks_phase_order_unique').on(t.phaseId, t.order),
    index('plan_tasks_plan_idx').on(t.planId),
  ],
);

export const taskDependencies = pgTable(
  'task_dependencies',
  {
    id: serial().primaryKey(),
    planId: integer()
      .notNull()
      .references(() => actionPlans.id, { onDelete: 'cascade' }),
    taskId: integer()
      .notNull()
      .references(() => planTasks.id, { onDelete: 'cascade' }),
    prerequisiteTaskId: integer()
      .notNull()
      .references(() => planTasks.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('task_dependencies_pair_unique').on(t.taskId, t.prerequisiteTaskId),
    index('task_dependencies_plan_idx').on(t.planId),
  ],
);

// No foreign key on taskId: the history of a deleted task (its 'deleted' row included) stays with the plan.
export const taskHistory = pgTable(
  'task_history',
  {
    id: serial().primaryKey(),
    planId: integer()
      .notNull()
      .references(() => actionPlans.id, { onDelete: 'cascade' }),
    taskId: integer().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: text().notNull(),
    previousState: jsonb().$type<Record<string, unknown> | null>(),
    newState: jsonb().$type<Record<string, unknown> | null>(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('task_history_plan_idx').on(t.planId, t.createdAt), index('task_history_task_idx').on(t.taskId)],
);

export const progressSnapshots = pgTable(
  'progress_snapshots',
  {
    id: serial().primaryKey(),
    planId: integer()
      .notNull()
      .references(() => actionPlans.id, { onDelete: 'cascade' }),
    /** The UTC day the snapshot describes (one a day per plan). */
    day: date({ mode: 'string' }).notNull(),
    totalTasks: integer().notNull(),
    completedTasks: integer().notNull(),
    inProgressTasks: integer().notNull(),
    skippedTasks: integer().notNull(),
    completionPercentage: real().notNull(),
    /** Mean hours from start (or creation) to completion of the tasks completed so far; null before any. */
    averageTaskTime: real(),
    /** Tasks completed in the seven days up to this day. */
    velocity: real().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('progress_snapshots_plan_day_unique').on(t.planId, t.day)],
);

export const actionPlanProgress = pgTable(
  'action_plan_progress',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchId: integer()
      .notNull()
      .references(() => searches.id, { onDelete: 'cascade' }),
    /** The plan for this search the user changed last (the one this row summarises). */
    planId: integer().references(() => actionPlans.id, { onDelete: 'set null' }),
    completedSteps: jsonb().$type<number[]>().notNull().default([]),
    phaseCompletion: jsonb().$type<Record<string, number>>().notNull().default({}),
    overallCompletion: real().notNull().default(0),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('action_plan_progress_user_search_unique').on(t.userId, t.searchId)],
);

export type ActionPlanRow = typeof actionPlans.$inferSelect;
export type PlanPhaseRow = typeof planPhases.$inferSelect;
export type PlanTaskRow = typeof planTasks.$inferSelect;
export type PlanTemplateRow = typeof planTemplates.$inferSelect;
export type ProgressSnapshotRow = typeof progressSnapshots.$inferSelect;
