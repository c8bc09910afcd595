import { z } from 'zod';
import { idSchema } from '../api/params.schemas.ts';
import {
  MAX_PHASES_PER_PLAN,
  MAX_TASKS_PER_PLAN,
  PHASE_DURATION_MAX,
  PHASE_NAME_MAX,
  PHASE_NAME_MIN,
  PLAN_STATUSES,
  PLAN_TITLE_MAX,
  PLAN_TITLE_MIN,
  TASK_STATUSES,
  TASK_TIME_MAX,
  TASK_TITLE_MAX,
  TASK_TITLE_MIN,
  TEMPLATE_NAME_MAX,
  TEMPLATE_NAME_MIN,
} from './action-plans.constants.ts';

// The action-plan contract (docs/product/action-plans.md; messages exactly as docs/product/validation.md), shared by the server and the client.

const rowId = z.number().int().min(1).max(2_147_483_647);
/** The plan's version the client last saw: a write against an older one is a 409. */
const versionSchema = z.number().int().min(1).max(2_147_483_647);

export const planTitleSchema = z
  .string()
  .trim()
  .min(PLAN_TITLE_MIN, `Title must be at least ${PLAN_TITLE_MIN} characters`)
  .max(PLAN_TITLE_MAX, `Title must be ${PLAN_TITLE_MAX} characters or less`);
export const phaseNameSchema = z
  .string()
  .trim()
  .min(PHASE_NAME_MIN, `Phase name must be at least ${PHASE_NAME_MIN} characters`)
  .max(PHASE_NAME_MAX, `Phase name must be ${PHASE_NAME_MAX} characters or less`);
export const taskTitleSchema = z
  .string()
  .trim()
  .min(TASK_TITLE_MIN, `Task title must be at least ${TASK_TITLE_MIN} characters`)
  .max(TASK_TITLE_MAX, `Task title must be ${TASK_TITLE_MAX} characters or less`);
export const templateNameSchema = z
  .string()
  .trim()
  .min(TEMPLATE_NAME_MIN, `Template name must be at least ${TEMPLATE_NAME_MIN} characters`)
  .max(TEMPLATE_NAME_MAX, `Template name must be ${TEMPLATE_NAME_MAX} characters or less`);
const durationSchema = z
  .string()
  .trim()
  .max(PHASE_DURATION_MAX, `Estimated duration must be ${PHASE_DURATION_MAX} characters or less`);
const taskTimeSchema = z
  .string()
  .trim()
  .max(TASK_TIME_MAX, `Estimated time must be ${TASK_TIME_MAX} characters or less`);
const orderSchema = z.number().int().min(0, 'Order must be at least 0').max(MAX_TASKS_PER_PLAN);
const descriptionSchema = z.string().trim().max(2000);
const resourcesSchema = z.array(z.string().trim().min(1).max(500)).max(20);
/** "task id lists need at least 1 entry" (docs/product/validation.md). */
const idListSchema = (max: number) =>
  z.array(rowId).min(1, 'Choose at least one task').max(max, `At most ${max} ids in one request`);

export const planStatusSchema = z.enum(PLAN_STATUSES);
export const taskStatusSchema = z.enum(TASK_STATUSES);

// ── Templates ────────────────────────────────────────────────────────────────

/** Generator recipes: each expands into tasks naming the opportunity's own evidence (none if it has none). */
export const TEMPLATE_RECIPES = [
  'interview-occupations',
  'study-competitors',
  'study-incumbent-software',
  'size-market',
  'test-hypotheses',
  'check-regulation',
  'build-first-job',
  'test-channel',
] as const;
export type TemplateRecipe = (typeof TEMPLATE_RECIPES)[number];

export const templateTaskSchema = z.object({
  recipe: z.enum(TEMPLATE_RECIPES).optional(),
  /** May hold {offering}, {segment}, {industry}, {occupation}, {competitor}: filled from the evidence. */
  title: z.string().max(TASK_TITLE_MAX).optional(),
  description: z.string().max(2000).optional(),
  estimatedTime: z.string().max(TASK_TIME_MAX).optional(),
  /**
   * Only for these customers: 'enterprise' when the evidence says the buyers are large organisations (single
   * sign-on, audit logs), 'small' otherwise (issue 29: SSO tasks for a 1–3 dentist office).
   */
  forCustomers: z.enum(['enterprise', 'small']).optional(),
});
export type PlanTemplateTask = z.infer<typeof templateTaskSchema>;

export const templatePhaseSchema = z.object({
  name: z.string().max(PHASE_NAME_MAX),
  description: z.string().max(2000).optional(),
  estimatedDuration: z.string().max(PHASE_DURATION_MAX).optional(),
  tasks: z.array(templateTaskSchema).max(MAX_TASKS_PER_PLAN),
});
export type PlanTemplatePhase = z.infer<typeof templatePhaseSchema>;

export const planTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  icon: z.string(),
  isDefault: z.boolean(),
  isOwn: z.boolean(),
  phases: z.array(z.object({ name: z.string(), taskCount: z.number().int() })),
});
export type PlanTemplateDto = z.infer<typeof planTemplateSchema>;
export const planTemplateListSchema = z.array(planTemplateSchema);

export const saveTemplateSchema = z.strictObject({
  name: templateNameSchema,
  description: z.string().trim().max(500).optional(),
  category: z
    .string()
    .trim()
    .min(2, 'Category must be at least 2 characters')
    .max(50, 'Category must be 50 characters or less')
    .default('custom'),
  icon: z.string().trim().max(50, 'Icon must be 50 characters or less').default('clipboard'),
});

// ── Plans ────────────────────────────────────────────────────────────────────

export const planOriginSchema = z.object({
  kind: z.enum(['analysis', 'idea', 'template']),
  searchId: z.number().int().nullable(),
  searchResultId: z.number().int().nullable(),
  /** A plan from a validated idea: the idea (its scores and hypotheses shaped the plan). */
  ideaId: z.number().int().optional(),
  ideaTitle: z.string().optional(),
  query: z.string().nullable(),
  opportunityTitle: z.string().nullable(),
  corpusVersion: z.string().nullable(),
  templateName: z.string(),
  generatedAt: z.string(),
  phases: z.array(z.object({ name: z.string(), tasks: z.array(z.string()) })),
});
export type PlanOrigin = z.infer<typeof planOriginSchema>;

export type PlanCustomizations = Record<string, number>;

export const taskSchema = z.object({
  id: z.number().int(),
  phaseId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  estimatedTime: z.string().nullable(),
  resources: z.array(z.string()),
  notes: z.string().nullable(),
  evidenceIds: z.array(z.string()),
  order: z.number().int(),
  status: taskStatusSchema,
  isCustom: z.boolean(),
  assigneeId: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  completedBy: z.number().int().nullable(),
  prerequisiteIds: z.array(z.number().int()),
  /** Prerequisites not yet completed or skipped: the task is blocked while this is not empty. */
  openPrerequisiteIds: z.array(z.number().int()),
});
export type PlanTaskDto = z.infer<typeof taskSchema>;

export const phaseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  order: z.number().int(),
  estimatedDuration: z.string().nullable(),
  isCustom: z.boolean(),
  completionPercentage: z.number(),
  tasks: z.array(taskSchema),
});
export type PlanPhaseDto = z.infer<typeof phaseSchema>;

export const planProgressSchema = z.object({
  totalTasks: z.number().int(),
  completedTasks: z.number().int(),
  inProgressTasks: z.number().int(),
  skippedTasks: z.number().int(),
  notStartedTasks: z.number().int(),
  completionPercentage: z.number(),
  phases: z.array(z.object({ phaseId: z.number().int(), name: z.string(), completionPercentage: z.number() })),
});
export type PlanProgress = z.infer<typeof planProgressSchema>;

export const planSchema = z.object({
  /** 0 for the read-only example plan (never stored). */
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: planStatusSchema,
  version: z.number().int(),
  searchId: z.number().int().nullable(),
  searchResultId: z.number().int().nullable(),
  ideaId: z.number().int().nullable(),
  templateId: z.number().int().nullable(),
  origin: planOriginSchema,
  isExample: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  phases: z.array(phaseSchema),
  progress: planProgressSchema,
  /** "What's next": open tasks whose prerequisites are all done, in plan order. */
  whatsNext: z.array(z.number().int()),
  /**
   * The evidence the tasks cite, by id, with the title a reader sees (tasks list only ids; the id is the link
   * target on the source opportunity's page). Ids whose evidence is gone read as themselves.
   */
  evidence: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type ActionPlanDto = z.infer<typeof planSchema>;

export const planListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: planStatusSchema,
  searchId: z.number().int().nullable(),
  searchResultId: z.number().int().nullable(),
  completionPercentage: z.number(),
  totalTasks: z.number().int(),
  updatedAt: z.string(),
});

export const planListSchema = z.object({
  items: z.array(planListItemSchema),
  /** Whether the caller's plan includes the generator (free users see the example only). */
  canGenerate: z.boolean(),
});
export type PlanList = z.infer<typeof planListSchema>;

export const createPlanSchema = z
  .strictObject({
    /** The opportunity (a stored search result) the plan is generated from… */
    searchResultId: rowId.optional(),
    /** …or a validated idea (its scores, hypotheses and source opportunity). */
    ideaId: rowId.optional(),
    templateId: rowId.optional(),
    title: planTitleSchema.optional(),
  })
  .refine((body) => (body.searchResultId === undefined) !== (body.ideaId === undefined), {
    message: 'Choose an opportunity or an idea to plan from (one of them)',
    path: ['searchResultId'],
  });
export type CreatePlanInput = z.input<typeof createPlanSchema>;

/** The example's source: an opportunity, or a validated idea (its own plan, issue 29); neither: the latest analysis. */
export const exampleQuerySchema = z
  .object({ searchResultId: idSchema.optional(), ideaId: idSchema.optional() })
  .refine((query) => query.searchResultId === undefined || query.ideaId === undefined, {
    message: 'Choose an opportunity or an idea for the example (one of them)',
    path: ['searchResultId'],
  });

export const updatePlanSchema = z.strictObject({
  version: versionSchema,
  title: planTitleSchema.optional(),
  description: descriptionSchema.nullable().optional(),
  status: planStatusSchema.optional(),
});

export const addPhaseSchema = z.strictObject({
  version: versionSchema,
  name: phaseNameSchema,
  description: descriptionSchema.optional(),
  estimatedDuration: durationSchema.optional(),
});

export const updatePhaseSchema = z.strictObject({
  version: versionSchema,
  name: phaseNameSchema.optional(),
  description: descriptionSchema.nullable().optional(),
  estimatedDuration: durationSchema.nullable().optional(),
  /** Its new position (0-based) in the plan. */
  order: orderSchema.optional(),
});

export const addTaskSchema = z.strictObject({
  version: versionSchema,
  title: taskTitleSchema,
  description: descriptionSchema.optional(),
  estimatedTime: taskTimeSchema.optional(),
});

export const updateTaskSchema = z.strictObject({
  version: versionSchema,
  title: taskTitleSchema.optional(),
  description: descriptionSchema.nullable().optional(),
  estimatedTime: taskTimeSchema.nullable().optional(),
  notes: z.string().trim().max(5000).nullable().optional(),
  resources: resourcesSchema.optional(),
  status: taskStatusSchema.optional(),
  /** Complete even though a prerequisite is open (recorded in the task's history). */
  override: z.boolean().optional(),
  /** Move the task to another phase of the same plan (to the end of it, or to `order`). */
  phaseId: rowId.optional(),
  /** Its new position (0-based) inside its phase. */
  order: orderSchema.optional(),
  /** The full set of tasks this one depends on (an empty list removes them all). */
  prerequisiteIds: z
    .array(rowId)
    .max(MAX_TASKS_PER_PLAN, `At most ${MAX_TASKS_PER_PLAN} ids in one request`)
    .optional(),
});
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;

export const versionBodySchema = z.strictObject({ version: versionSchema });

export const reorderPhasesSchema = z.strictObject({
  planId: rowId,
  version: versionSchema,
  /** Every phase of the plan, in the new order. */
  phaseIds: idListSchema(MAX_PHASES_PER_PLAN),
});

export const reorderTasksSchema = z.strictObject({
  phaseId: rowId,
  version: versionSchema,
  /** Every task of the phase, in the new order. */
  taskIds: idListSchema(MAX_TASKS_PER_PLAN),
});

export const progressHistorySchema = z.object({
  snapshots: z.array(
    z.object({
      day: z.string(),
      totalTasks: z.number().int(),
      completedTasks: z.number().int(),
      inProgressTasks: z.number().int(),
      skippedTasks: z.number().int(),
      completionPercentage: z.number(),
      averageTaskTime: z.number().nullable(),
      velocity: z.number(),
    }),
  ),
});
export type ProgressHistory = z.infer<typeof progressHistorySchema>;

export const taskHistorySchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      taskId: z.number().int(),
      action: z.string(),
      previousState: z.record(z.string(), z.unknown()).nullable(),
      newState: z.record(z.string(), z.unknown()).nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type TaskHistory = z.infer<typeof taskHistorySchema>;
