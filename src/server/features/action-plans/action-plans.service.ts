import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import {
  MAX_PLANS_PER_USER,
  MAX_TASKS_PER_PLAN,
  MAX_TEMPLATES_PER_USER,
  PLAN_TRANSITIONS,
  type PlanStatus,
} from '#shared/action-plans/action-plans.constants.ts';
import type {
  ActionPlanDto,
  CreatePlanInput,
  PlanList,
  PlanTemplateDto,
  PlanTemplatePhase,
} from '#shared/action-plans/action-plans.schemas.ts';
import type { Database, Tx } from '../../db/client.ts';
import {
  actionPlans,
  planPhases,
  planTasks,
  planTemplates,
  taskHistory,
  type PlanTemplateRow,
  type UserRow,
} from '../../db/schema/index.ts';
import { accessible, accessibleRow } from '../../lib/access/policy.ts';
import type { Principal } from '../../lib/access/principal.ts';
import { actionPlanResource } from '../../lib/access/resources.ts';
import { AppError, notFound } from '../../lib/platform/app-error.ts';
import { assertPlan, hasPlan } from '../../lib/http/plan-guard.ts';
import { completionOf, loadPlanRows, toPlanDto, type PlanRows } from './plan.dto.ts';
import { generatePhases, type GeneratedPhase } from './plan-generator.logic.ts';
import { ideaSource, opportunitySource, originOf } from './plan-sources.service.ts';
import { recordProgress } from './plan-progress.service.ts';
import { DEFAULT_CHANNELS, SYSTEM_TEMPLATES } from './plan-templates.constants.ts';
import { PRO_FEATURE_MESSAGE, writePlan } from './plan-write.service.ts';

// Plans generated from a stored analysis's opportunity and a template; the templates; the example plan
// free users see; plan-level changes (title, status) and deletion.

const seeded = new WeakSet<object>();

/** Seeds (and refreshes) the system templates once per database handle: an upsert by name. */
export async function ensureSystemTemplates(db: Database): Promise<void> {
  if (seeded.has(db)) return;
  for (const t of SYSTEM_TEMPLATES) {
    await db
      .insert(planTemplates)
      .values({
        name: t.name,
        description: t.description,
        category: t.category,
        icon: t.icon,
        phases: t.phases,
        isDefault: t.isDefault,
        isActive: true,
      })
      .onConflictDoUpdate({
        target: planTemplates.name,
        targetWhere: isNull(planTemplates.userId),
        set: {
          description: t.description,
          category: t.category,
          icon: t.icon,
          phases: t.phases,
          isDefault: t.isDefault,
        },
      });
  }
  seeded.add(db);
}

export function channelsOf(template: PlanTemplateRow) {
  if (template.userId !== null) return DEFAULT_CHANNELS;
  return SYSTEM_TEMPLATES.find((t) => t.name === template.name)?.channels ?? DEFAULT_CHANNELS;
}

function templateDto(row: PlanTemplateRow, userId: number): PlanTemplateDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    icon: row.icon,
    isDefault: row.isDefault,
    isOwn: row.userId === userId,
    phases: row.phases.map((p) => ({ name: p.name, taskCount: p.tasks.length })),
  };
}

const visibleTemplate = (userId: number) =>
  and(eq(planTemplates.isActive, true), or(isNull(planTemplates.userId), eq(planTemplates.userId, userId)));

export async function listTemplates(options: { db: Database; userId: number }): Promise<PlanTemplateDto[]> {
  const { db, userId } = options;
  await ensureSystemTemplates(db);
  const rows = await db
    .select()
    .from(planTemplates)
    .where(visibleTemplate(userId))
    .orderBy(desc(planTemplates.isDefault), sql`${planTemplates.userId} nulls first`, asc(planTemplates.id));
  return rows.map((r) => templateDto(r, userId));
}

export async function templateFor(
  db: Database,
  userId: number,
  templateId: number | undefined,
): Promise<PlanTemplateRow> {
  await ensureSystemTemplates(db);
  const [row] = await db
    .select()
    .from(planTemplates)
    .where(
      and(
        visibleTemplate(userId),
        templateId === undefined ? eq(planTemplates.isDefault, true) : eq(planTemplates.id, templateId),
      ),
    )
    .limit(1);
  if (!row) throw notFound('The template');
  return row;
}

async function insertPhases(
  tx: Tx,
  planId: number,
  userId: number,
  phases: GeneratedPhase[],
  isCustom: boolean,
  now: Date,
) {
  for (const [order, phase] of phases.entries()) {
    const [row] = await tx
      .insert(planPhases)
      .values({
        planId,
        name: phase.name.slice(0, 100),
        description: phase.description,
        estimatedDuration: phase.estimatedDuration?.slice(0, 50) ?? null,
        order,
        isCustom,
        createdAt: now,
      })
      .returning({ id: planPhases.id });
    if (!row || phase.tasks.length === 0) continue;
    const tasks = await tx
      .insert(planTasks)
      .values(
        phase.tasks.map((t, i) => ({
          planId,
          phaseId: row.id,
          title: t.title,
          description: t.description,
          estimatedTime: t.estimatedTime,
          evidenceIds: t.evidenceIds,
          order: i,
          isCustom,
          assigneeId: userId,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    await tx.insert(taskHistory).values(
      tasks.map((t) => ({
        planId,
        taskId: t.id,
        userId,
        action: 'created',
        previousState: null,
        newState: { title: t.title, status: t.status, phaseId: t.phaseId, order: t.order },
        createdAt: now,
      })),
    );
  }
}

/**
 * Generates a plan from one of the principal's opportunities or validated ideas. Creating it again
 * returns the plan already made from that opportunity or idea (`created: false`), so a double click
 * makes one plan.
 */
export async function createPlan(options: {
  db: Database;
  principal: Principal;
  userId: number;
  user: UserRow;
  now: Date;
  input: CreatePlanInput;
}): Promise<{ plan: ActionPlanDto; created: boolean }> {
  const { db, principal, userId, user, now, input } = options;
  const source =
    input.ideaId !== undefined
      ? await ideaSource(db, principal, input.ideaId)
      : await opportunitySource(db, principal, input.searchResultId ?? 0);
  assertPlan(user, now, 'actionPlans', PRO_FEATURE_MESSAGE);
  const template = await templateFor(db, userId, input.templateId);
  const phases = generatePhases(source.input, { phases: template.phases, channels: channelsOf(template) });
  if (phases.reduce((n, p) => n + p.tasks.length, 0) > MAX_TASKS_PER_PLAN) {
    throw new AppError('BAD_REQUEST', `A plan holds at most ${MAX_TASKS_PER_PLAN} tasks.`);
  }
  const rows = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(actionPlans)
      .where(
        and(
          eq(actionPlans.userId, userId),
          source.ideaId !== null
            ? eq(actionPlans.ideaId, source.ideaId)
            : eq(actionPlans.searchResultId, source.searchResultId ?? 0),
        ),
      );
    if (existing) return { rows: await loadPlanRows(tx, existing), created: false };
    const [owned] = await tx.select({ n: count() }).from(actionPlans).where(eq(actionPlans.userId, userId));
    if (Number(owned?.n ?? 0) >= MAX_PLANS_PER_USER) {
      throw new AppError(
        'BAD_REQUEST',
        `You can keep at most ${MAX_PLANS_PER_USER} action plans. Delete one to make another.`,
      );
    }
    const [plan] = await tx
      .insert(actionPlans)
      .values({
        userId,
        searchId: source.searchId,
        searchResultId: source.searchResultId,
        ideaId: source.ideaId,
        templateId: template.id,
        title: (input.title ?? `Action plan: ${source.title}`).slice(0, 200),
        description: source.description,
        originalPlan: originOf(source, template, phases, now),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!plan) throw new AppError('CONFLICT', 'A plan for this opportunity was just created. Reload to see it.');
    await insertPhases(tx, plan.id, userId, phases, false, now);
    const loaded = await loadPlanRows(tx, plan);
    await recordProgress(tx, loaded, now);
    return { rows: loaded, created: true };
  });
  return { plan: toPlanDto(rows.rows), created: rows.created };
}

export async function listPlans(options: {
  db: Database;
  principal: Principal;
  user: UserRow;
  now: Date;
}): Promise<PlanList> {
  const { db, principal, user, now } = options;
  const plans = await db
    .select()
    .from(actionPlans)
    .where(accessible(actionPlanResource, principal, 'read'))
    .orderBy(desc(actionPlans.updatedAt), desc(actionPlans.id))
    .limit(MAX_PLANS_PER_USER);
  const tasks = plans.length
    ? await db
        .select({ planId: planTasks.planId, status: planTasks.status })
        .from(planTasks)
        .innerJoin(actionPlans, eq(actionPlans.id, planTasks.planId))
        .where(accessible(actionPlanResource, principal, 'read'))
    : [];
  return {
    canGenerate: hasPlan(user, now, 'actionPlans'),
    items: plans.map((p) => {
      const statuses = tasks.filter((t) => t.planId === p.id).map((t) => t.status);
      return {
        id: p.id,
        title: p.title,
        status: p.status,
        searchId: p.searchId,
        searchResultId: p.searchResultId,
        completionPercentage: completionOf(statuses),
        totalTasks: statuses.length,
        updatedAt: p.updatedAt.toISOString(),
      };
    }),
  };
}

export async function loadOwnPlan(db: Database | Tx, principal: Principal, id: number): Promise<PlanRows> {
  const [plan] = await db
    .select()
    .from(actionPlans)
    .where(accessibleRow(actionPlanResource, id, principal, 'read'));
  if (!plan) throw notFound(actionPlanResource.label);
  return loadPlanRows(db, plan);
}

export async function getPlan(options: { db: Database; principal: Principal; id: number }): Promise<ActionPlanDto> {
  return toPlanDto(await loadOwnPlan(options.db, options.principal, options.id));
}

export async function updatePlan(options: {
  db: Database;
  principal: Principal;
  user: UserRow;
  id: number;
  now: Date;
  input: {
    version: number;
    title?: string | undefined;
    description?: string | null | undefined;
    status?: PlanStatus | undefined;
  };
}): Promise<ActionPlanDto> {
  const { input, now } = options;
  const isStatusOnly = input.title === undefined && input.description === undefined && input.status !== undefined;
  return writePlan(
    { ...options, planId: options.id, version: input.version, allowArchived: isStatusOnly },
    async (tx, plan) => {
      const set: Partial<typeof actionPlans.$inferInsert> = {};
      if (input.title !== undefined) set.title = input.title;
      if (input.description !== undefined) set.description = input.description;
      if (input.status !== undefined && input.status !== plan.status) {
        if (!PLAN_TRANSITIONS[plan.status].includes(input.status)) {
          throw new AppError('BAD_REQUEST', `A plan cannot go from ${plan.status} to ${input.status}.`, {
            status: `Allowed from ${plan.status}: ${PLAN_TRANSITIONS[plan.status].join(', ')}`,
          });
        }
        set.status = input.status;
        if (input.status === 'completed') set.completedAt = now;
        if (input.status === 'active') set.completedAt = null;
      }
      if (Object.keys(set).length > 0) await tx.update(actionPlans).set(set).where(eq(actionPlans.id, plan.id));
    },
  );
}

/** Deleting is allowed on any plan: a user whose trial ended can still remove their own plans. */
export async function deletePlan(options: { db: Database; principal: Principal; id: number }): Promise<void> {
  const rows = await options.db
    .delete(actionPlans)
    .where(accessibleRow(actionPlanResource, options.id, options.principal, 'delete'))
    .returning({ id: actionPlans.id });
  if (rows.length === 0) throw notFound(actionPlanResource.label);
}

export async function saveAsTemplate(options: {
  db: Database;
  principal: Principal;
  userId: number;
  user: UserRow;
  id: number;
  now: Date;
  input: { name: string; description?: string | undefined; category: string; icon: string };
}): Promise<PlanTemplateDto> {
  const { db, principal, userId, user, id, now, input } = options;
  const rows = await loadOwnPlan(db, principal, id);
  assertPlan(user, now, 'actionPlans', PRO_FEATURE_MESSAGE);
  const phases: PlanTemplatePhase[] = rows.phases.map((p) => ({
    name: p.name,
    ...(p.description ? { description: p.description } : {}),
    ...(p.estimatedDuration ? { estimatedDuration: p.estimatedDuration } : {}),
    tasks: rows.tasks
      .filter((t) => t.phaseId === p.id)
      .sort((a, b) => a.order - b.order)
      .map((t) => ({
        title: t.title,
        ...(t.description ? { description: t.description } : {}),
        ...(t.estimatedTime ? { estimatedTime: t.estimatedTime } : {}),
      })),
  }));
  const [own] = await db.select({ n: count() }).from(planTemplates).where(eq(planTemplates.userId, userId));
  if (Number(own?.n ?? 0) >= MAX_TEMPLATES_PER_USER) {
    throw new AppError('BAD_REQUEST', `You can keep at most ${MAX_TEMPLATES_PER_USER} templates.`);
  }
  const [row] = await db
    .insert(planTemplates)
    .values({
      userId,
      name: input.name,
      description: input.description ?? null,
      category: input.category,
      icon: input.icon,
      phases,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    throw new AppError('CONFLICT', 'You already have a template with this name.', {
      name: 'You already have a template with this name',
    });
  }
  return templateDto(row, userId);
}
