import { asc, eq } from 'drizzle-orm';
import { isDone, type TaskStatus } from '#shared/action-plans/action-plans.constants.ts';
import type {
  ActionPlanDto,
  PlanPhaseDto,
  PlanProgress,
  PlanTaskDto,
} from '#shared/action-plans/action-plans.schemas.ts';
import { openPrerequisites, type DependencyEdge } from '#shared/action-plans/dependency-graph.ts';
import type { Evidence } from '#shared/engine/analysis.schemas.ts';
import { citedTitles } from '#shared/searches/evidence-title.ts';
import type { Database, Tx } from '../../db/client.ts';
import {
  ideas,
  planPhases,
  searchResults,
  planTasks,
  taskDependencies,
  type ActionPlanRow,
  type PlanPhaseRow,
  type PlanTaskRow,
} from '../../db/schema/index.ts';

// A plan's rows become its DTO here: phases with their tasks, each task's prerequisites and blocked
// state, progress per phase and overall, and "what's next".

/** Completion of a set of tasks: completed ÷ (all − skipped), in percent with one decimal; skipped tasks leave the count. */
export function completionOf(statuses: readonly TaskStatus[]): number {
  const counted = statuses.filter((s) => s !== 'skipped').length;
  if (counted === 0) return statuses.length === 0 ? 0 : 100;
  const completed = statuses.filter((s) => s === 'completed').length;
  return Math.round((completed / counted) * 1000) / 10;
}

export function progressOf(
  phases: readonly { id: number; name: string }[],
  tasks: readonly Pick<PlanTaskRow, 'phaseId' | 'status'>[],
): PlanProgress {
  const count = (status: TaskStatus) => tasks.filter((t) => t.status === status).length;
  return {
    totalTasks: tasks.length,
    completedTasks: count('completed'),
    inProgressTasks: count('in_progress'),
    skippedTasks: count('skipped'),
    notStartedTasks: count('not_started'),
    completionPercentage: completionOf(tasks.map((t) => t.status)),
    phases: phases.map((p) => ({
      phaseId: p.id,
      name: p.name,
      completionPercentage: completionOf(tasks.filter((t) => t.phaseId === p.id).map((t) => t.status)),
    })),
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type PlanRows = {
  plan: ActionPlanRow;
  phases: PlanPhaseRow[];
  tasks: PlanTaskRow[];
  edges: DependencyEdge[];
  /** The source opportunity's (or validated idea's) evidence, to title what the tasks cite. */
  evidence: readonly Evidence[];
};

/** The evidence a plan's tasks can cite: its opportunity's, else its validated idea's. */
async function sourceEvidence(db: Database | Tx, plan: ActionPlanRow): Promise<Evidence[]> {
  if (plan.searchResultId !== null) {
    const [row] = await db
      .select({ evidence: searchResults.evidence })
      .from(searchResults)
      .where(eq(searchResults.id, plan.searchResultId));
    if (row) return row.evidence;
  }
  if (plan.ideaId !== null) {
    const [row] = await db.select({ validation: ideas.validation }).from(ideas).where(eq(ideas.id, plan.ideaId));
    if (row?.validation) return row.validation.evidence;
  }
  return [];
}

export async function loadPlanRows(db: Database | Tx, plan: ActionPlanRow): Promise<PlanRows> {
  const [phases, tasks, edges, evidence] = await Promise.all([
    db.select().from(planPhases).where(eq(planPhases.planId, plan.id)).orderBy(asc(planPhases.order)),
    db.select().from(planTasks).where(eq(planTasks.planId, plan.id)).orderBy(asc(planTasks.order), asc(planTasks.id)),
    db
      .select({ taskId: taskDependencies.taskId, prerequisiteTaskId: taskDependencies.prerequisiteTaskId })
      .from(taskDependencies)
      .where(eq(taskDependencies.planId, plan.id))
      .orderBy(asc(taskDependencies.id)),
    sourceEvidence(db, plan),
  ]);
  return { plan, phases, tasks, edges, evidence };
}

export function toPlanDto(rows: PlanRows, options: { isExample?: boolean } = {}): ActionPlanDto {
  const { plan, phases, tasks, edges } = rows;
  const cited = [...new Set(tasks.flatMap((t) => t.evidenceIds))];
  const titles = citedTitles(cited, rows.evidence);
  const statusOf = new Map(tasks.map((t) => [t.id, t.status]));
  const open = openPrerequisites(edges, statusOf);
  const prerequisites = new Map<number, number[]>();
  for (const e of edges) prerequisites.set(e.taskId, [...(prerequisites.get(e.taskId) ?? []), e.prerequisiteTaskId]);
  const taskDto = (t: PlanTaskRow): PlanTaskDto => ({
    id: t.id,
    phaseId: t.phaseId,
    title: t.title,
    description: t.description,
    estimatedTime: t.estimatedTime,
    resources: t.resources,
    notes: t.notes,
    evidenceIds: t.evidenceIds,
    order: t.order,
    status: t.status,
    isCustom: t.isCustom,
    assigneeId: t.assigneeId,
    startedAt: iso(t.startedAt),
    completedAt: iso(t.completedAt),
    completedBy: t.completedBy,
    prerequisiteIds: prerequisites.get(t.id) ?? [],
    openPrerequisiteIds: open.get(t.id) ?? [],
  });
  const phaseDtos: PlanPhaseDto[] = phases.map((p) => {
    const own = tasks.filter((t) => t.phaseId === p.id).sort((a, b) => a.order - b.order);
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      order: p.order,
      estimatedDuration: p.estimatedDuration,
      isCustom: p.isCustom,
      completionPercentage: completionOf(own.map((t) => t.status)),
      tasks: own.map(taskDto),
    };
  });
  const whatsNext = phaseDtos
    .flatMap((p) => p.tasks)
    .filter((t) => !isDone(t.status) && t.openPrerequisiteIds.length === 0)
    .map((t) => t.id);
  return {
    id: plan.id,
    title: plan.title,
    description: plan.description,
    status: plan.status,
    version: plan.version,
    searchId: plan.searchId,
    searchResultId: plan.searchResultId,
    ideaId: plan.ideaId,
    templateId: plan.templateId,
    origin: plan.originalPlan,
    isExample: options.isExample ?? false,
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
    completedAt: iso(plan.completedAt),
    phases: phaseDtos,
    progress: progressOf(phases, tasks),
    whatsNext,
    evidence: cited.map((id, i) => ({ id, title: titles[i] ?? id })),
  };
}
