import { taskEvidenceTitles } from '#shared/action-plans/plan-evidence.ts';
import { TASK_STATUS_LABELS } from '#shared/action-plans/action-plans.constants.ts';
import type { ActionPlanDto } from '#shared/action-plans/action-plans.schemas.ts';
import { csvFile } from '../../lib/platform/csv.ts';
import type { FileDownload } from '../../lib/http/file-response.ts';

// A plan as Markdown and as CSV (lib/platform/csv.ts: BOM, RFC 4180, formula cells neutralised), as downloads.

function titlesOf(plan: ActionPlanDto): Map<number, string> {
  return new Map(plan.phases.flatMap((p) => p.tasks.map((t) => [t.id, t.title] as const)));
}

export function planToCsv(plan: ActionPlanDto): FileDownload {
  const titles = titlesOf(plan);
  const header = [
    'Phase',
    'Order',
    'Task',
    'Status',
    'Estimated time',
    'Depends on',
    'Description',
    'Notes',
    'Evidence',
  ];
  const rows = plan.phases.flatMap((phase) =>
    phase.tasks.map((task) => [
      phase.name,
      task.order + 1,
      task.title,
      TASK_STATUS_LABELS[task.status],
      task.estimatedTime,
      task.prerequisiteIds.map((id) => titles.get(id) ?? String(id)).join('; '),
      task.description,
      task.notes,
      taskEvidenceTitles(plan, task.evidenceIds).join('; '),
    ]),
  );
  return csvFile(`action-plan-${plan.id}.csv`, header, rows);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function planToMarkdown(plan: ActionPlanDto): FileDownload {
  const titles = titlesOf(plan);
  const out = [`# ${oneLine(plan.title)}`, ''];
  if (plan.origin.query) {
    out.push(
      `Generated from the analysis “${oneLine(plan.origin.query)}” (opportunity: ${oneLine(plan.origin.opportunityTitle ?? '')}; template: ${plan.origin.templateName}).`,
      '',
    );
  }
  out.push(
    `Status: ${plan.status}. Progress: ${plan.progress.completionPercentage}% (${plan.progress.completedTasks} of ${plan.progress.totalTasks} tasks completed, ${plan.progress.skippedTasks} skipped).`,
    '',
  );
  for (const phase of plan.phases) {
    out.push(`## ${oneLine(phase.name)} (${phase.completionPercentage}%)`, '');
    if (phase.description) out.push(oneLine(phase.description), '');
    for (const task of phase.tasks) {
      const box = task.status === 'completed' ? '[x]' : '[ ]';
      const time = task.estimatedTime ? `, ${task.estimatedTime}` : '';
      out.push(`- ${box} **${oneLine(task.title)}** (${TASK_STATUS_LABELS[task.status]}${time})`);
      if (task.description) out.push(`  ${oneLine(task.description)}`);
      if (task.prerequisiteIds.length > 0) {
        out.push(`  Depends on: ${task.prerequisiteIds.map((id) => oneLine(titles.get(id) ?? String(id))).join('; ')}`);
      }
      if (task.notes) out.push(`  Notes: ${oneLine(task.notes)}`);
      if (task.evidenceIds.length > 0) {
        out.push(`  Evidence: ${taskEvidenceTitles(plan, task.evidenceIds).map(oneLine).join('; ')}`);
      }
    }
    out.push('');
  }
  return {
    fileName: `action-plan-${plan.id}.md`,
    contentType: 'text/markdown; charset=utf-8',
    body: out.join('\n'),
  };
}
