import { taskEvidenceTitles } from '#shared/action-plans/plan-evidence.ts';
import { TASK_STATUS_LABELS } from '#shared/action-plans/action-plans.constants.ts';
import type { ActionPlanDto, PlanTaskDto } from '#shared/action-plans/action-plans.schemas.ts';
import type { ReportBranding } from './branding.service.ts';
import {
  boldLine,
  cover,
  ensureSpace,
  finishReport,
  heading,
  MUTED,
  paragraph,
  scoreBars,
  sourcesPage,
  startReport,
  type Report,
} from './pdf-report.render.ts';

// The PDF report of an action plan: where it came from, its progress, each phase with its tasks in order
// (status, estimate, start and completion dates, what each depends on, notes, resources and the evidence it
// cites), what to do next, and the sources of the analysis the plan was made from.

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

function taskLines(report: Report, plan: ActionPlanDto, task: PlanTaskDto, titles: Map<number, string>): void {
  const { doc } = report;
  ensureSpace(doc, 50);
  const box = task.status === 'completed' ? '[x]' : task.status === 'skipped' ? '[–]' : '[ ]';
  boldLine(doc, `${box} ${task.title}`);
  const facts = [
    TASK_STATUS_LABELS[task.status],
    task.estimatedTime ? `estimate ${task.estimatedTime}` : null,
    day(task.startedAt) ? `started ${day(task.startedAt)}` : null,
    day(task.completedAt) ? `${task.status === 'skipped' ? 'skipped' : 'completed'} ${day(task.completedAt)}` : null,
    task.prerequisiteIds.length
      ? `depends on ${task.prerequisiteIds.map((id) => titles.get(id) ?? `task ${id}`).join('; ')}`
      : null,
    task.openPrerequisiteIds.length ? 'blocked' : null,
  ].filter(Boolean);
  paragraph(doc, facts.join(' · '), { size: 9, color: MUTED });
  if (task.description) paragraph(doc, task.description, { size: 9 });
  if (task.notes) paragraph(doc, `Notes: ${task.notes}`, { size: 9 });
  if (task.resources.length) paragraph(doc, `Resources: ${task.resources.join('; ')}`, { size: 9 });
  if (task.evidenceIds.length) {
    paragraph(doc, `Evidence: ${taskEvidenceTitles(plan, task.evidenceIds).join('; ')}`, { size: 8, color: MUTED });
  }
}

/**
 * The plan's report; `sources` are the evidence sources of the analysis it came from (its tasks cite that
 * analysis's evidence, printed by title). `branding` null draws it as Unbuilt's.
 */
export function renderPlanPdf(
  plan: ActionPlanDto,
  sources: ReadonlySet<string>,
  branding: ReportBranding | null = null,
): Promise<Buffer> {
  const report = startReport({ kind: 'Action plan', title: `Action plan: ${plan.title}`, branding });
  const { doc, accent } = report;
  const { progress, origin } = plan;
  const made = origin.ideaTitle
    ? `Made from the validated idea “${origin.ideaTitle}”`
    : origin.query
      ? `Made from the analysis “${origin.query}”${origin.opportunityTitle ? `, opportunity “${origin.opportunityTitle}”` : ''}`
      : 'Made from a template';
  cover(report, plan.title, [
    { text: `${made} · template ${origin.templateName} · ${day(origin.generatedAt) ?? ''}` },
    {
      text: `Status ${plan.status} · ${progress.completionPercentage}% complete: ${progress.completedTasks} of ${progress.totalTasks} tasks completed, ${progress.inProgressTasks} in progress, ${progress.skippedTasks} skipped`,
    },
    { text: `Updated ${day(plan.updatedAt) ?? ''}${plan.completedAt ? ` · completed ${day(plan.completedAt)}` : ''}` },
  ]);
  if (plan.description) paragraph(doc, plan.description);

  doc.addPage();
  heading(doc, 'Progress by phase (% of tasks done)', 16);
  scoreBars(
    doc,
    plan.phases.map((p) => ({ label: p.name, value: Math.round(p.completionPercentage) })),
    accent,
  );
  const titles = new Map(plan.phases.flatMap((p) => p.tasks.map((t) => [t.id, t.title] as const)));
  if (plan.whatsNext.length > 0) {
    heading(doc, "What's next", 12);
    for (const id of plan.whatsNext) paragraph(doc, `• ${titles.get(id) ?? `task ${id}`}`, { size: 9 });
  }

  for (const phase of plan.phases) {
    doc.addPage();
    heading(doc, `${phase.order + 1}. ${phase.name} (${Math.round(phase.completionPercentage)}%)`, 16);
    const about = [
      phase.estimatedDuration ? `Estimated duration ${phase.estimatedDuration}` : null,
      `${phase.tasks.length} tasks`,
    ]
      .filter(Boolean)
      .join(' · ');
    paragraph(doc, about, { size: 9, color: MUTED });
    if (phase.description) paragraph(doc, phase.description);
    if (phase.tasks.length === 0) paragraph(doc, 'No tasks in this phase.', { color: MUTED });
    for (const task of phase.tasks) taskLines(report, plan, task, titles);
  }

  sourcesPage(report, sources);
  return finishReport(report);
}
