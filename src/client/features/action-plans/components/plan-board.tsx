import { taskEvidenceTitles } from '#shared/action-plans/plan-evidence.ts';
import { evidenceAnchorId } from '#client/lib/evidence-anchor.ts';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PLAN_TRANSITIONS } from '#shared/action-plans/action-plans.constants.ts';
import type { ActionPlanDto, PlanPhaseDto, PlanTaskDto } from '#shared/action-plans/action-plans.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { downloadExport, progressQueryOptions, usePlanWrite, type PlanWrite } from '../api/action-plans-api.ts';
import { NameForm } from './name-form.tsx';
import { ProgressChart } from './progress-chart.tsx';
import { TaskCard, type TaskEvidence } from './task-card.tsx';

// A plan: its progress (overall, per phase, over time), what's next, and the four (or more) phases
// with their tasks. An example plan is shown read-only.

const STATUS_ACTIONS: Record<ActionPlanDto['status'], string> = {
  active: 'Reopen plan',
  completed: 'Mark plan completed',
  archived: 'Archive plan',
};

/**
 * The evidence a task cites, by title; each links to its row on the source opportunity's page (the id is only
 * the link's anchor). A plan made from an idea has no such page: titles without links.
 */
function taskEvidence(plan: ActionPlanDto, ids: readonly string[]): TaskEvidence[] {
  return taskEvidenceTitles(plan, ids).map((title, i) => {
    const id = ids[i] ?? '';
    const href =
      plan.searchResultId === null ? null : `${paths.searchResult.href(plan.searchResultId)}#${evidenceAnchorId(id)}`;
    return { id, title, href };
  });
}

function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      className="h-2 w-full overflow-hidden rounded bg-muted"
    >
      <div className="h-full bg-primary" style={{ width: `${value}%` }} />
    </div>
  );
}

function PhaseTools({
  phase,
  index,
  count,
  isBusy,
  write,
}: {
  phase: PlanPhaseDto;
  index: number;
  count: number;
  isBusy: boolean;
  write: (w: PlanWrite) => Promise<unknown>;
}) {
  const [isConfirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (change: PlanWrite) => {
    setError(null);
    write(change).catch((e: unknown) =>
      setError(e instanceof ApiError ? (Object.values(e.fieldErrors)[0] ?? e.message) : 'Could not change the phase.'),
    );
  };
  return (
    <div className="mt-1 space-y-2">
      <div className="flex flex-wrap gap-1">
        <Button
          size="sm"
          variant="outline"
          disabled={isBusy || index === 0}
          onClick={() => run({ kind: 'phase', phaseId: phase.id, body: { order: index - 1 } })}
        >
          Move phase up<span className="sr-only">: {phase.name}</span>
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={isBusy || index === count - 1}
          onClick={() => run({ kind: 'phase', phaseId: phase.id, body: { order: index + 1 } })}
        >
          Move phase down<span className="sr-only">: {phase.name}</span>
        </Button>
        {isConfirming ? (
          <Button
            size="sm"
            variant="destructive"
            disabled={isBusy}
            onClick={() => run({ kind: 'delete-phase', phaseId: phase.id })}
          >
            Delete {phase.name} and its {phase.tasks.length} tasks
          </Button>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Delete phase<span className="sr-only">: {phase.name}</span>
          </Button>
        )}
      </div>
      <details className="text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center">Rename phase</summary>
        <NameForm
          kind="phase-name"
          className="flex flex-wrap items-end gap-2"
          label={<span className="sr-only">New name for {phase.name}</span>}
          submitLabel="Rename"
          size="sm"
          initialValue={phase.name}
          isBusy={isBusy}
          failure="Could not change the phase."
          onSubmit={(name) => write({ kind: 'phase', phaseId: phase.id, body: { name } })}
        />
      </details>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** `taskExtra`: what the page adds under each task (its helpful resources). */
export function PlanBoard({
  plan,
  taskExtra,
  exportAction,
}: {
  plan: ActionPlanDto;
  taskExtra?: (task: PlanTaskDto) => ReactNode;
  /** More export buttons beside Markdown and CSV (the page composes the PDF export). */
  exportAction?: ReactNode;
}) {
  const mutation = usePlanWrite(plan);
  const progress = useQuery({ ...progressQueryOptions(plan.id), enabled: !plan.isExample });
  const dragged = useRef<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const isReadOnly = plan.isExample || plan.status === 'archived';
  const titles = new Map(plan.phases.flatMap((p) => p.tasks.map((t) => [t.id, t.title] as const)));
  const write = (change: PlanWrite) => mutation.mutateAsync(change);
  const taskPhase = (taskId: number) => plan.phases.find((p) => p.tasks.some((t) => t.id === taskId));

  function dropOn(targetId: number) {
    const sourceId = dragged.current;
    dragged.current = null;
    if (sourceId === null || sourceId === targetId) return;
    const from = taskPhase(sourceId);
    const to = taskPhase(targetId);
    if (!from || !to) return;
    const targetIndex = to.tasks.findIndex((t) => t.id === targetId);
    const change: PlanWrite =
      from.id === to.id
        ? {
            kind: 'reorder-tasks',
            phaseId: to.id,
            taskIds: moveTo(
              to.tasks.map((t) => t.id),
              sourceId,
              targetIndex,
            ),
          }
        : { kind: 'task', taskId: sourceId, body: { phaseId: to.id, order: targetIndex } };
    write(change).catch((e: unknown) => setMessage(e instanceof ApiError ? e.message : 'Could not move the task.'));
  }

  const next = plan.whatsNext
    .slice(0, 5)
    .map((id) => ({ id, title: titles.get(id) ?? '', phase: taskPhase(id)?.name ?? '' }));

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h2 className="text-xl font-bold break-words">{plan.title}</h2>
        {plan.ideaId !== null ? (
          <p className="text-sm text-muted-foreground">
            From the idea{' '}
            <Link to={paths.validateIdea.href({ idea: plan.ideaId })} className={textLinkClass}>
              “{plan.origin.ideaTitle ?? plan.title}”
            </Link>{' '}
            (its scores and hypotheses) · template {plan.origin.templateName} · status {plan.status}
          </p>
        ) : plan.origin.query ? (
          <p className="text-sm text-muted-foreground">
            From the analysis “{plan.origin.query}” · template {plan.origin.templateName} · status {plan.status}
          </p>
        ) : null}
        <p className="text-sm">
          <strong>{plan.progress.completionPercentage}% complete</strong> — {plan.progress.completedTasks} of{' '}
          {plan.progress.totalTasks} tasks completed, {plan.progress.inProgressTasks} in progress,{' '}
          {plan.progress.skippedTasks} skipped
        </p>
        <ProgressBar value={plan.progress.completionPercentage} label="Overall completion" />
        {plan.isExample ? null : (
          <div className="flex flex-wrap gap-2 pt-2">
            <Button variant="outline" onClick={() => void downloadExport(plan.id, 'markdown')}>
              <Download aria-hidden="true" /> Export Markdown
            </Button>
            <Button variant="outline" onClick={() => void downloadExport(plan.id, 'csv')}>
              <Download aria-hidden="true" /> Export CSV
            </Button>
            {exportAction}
            {PLAN_TRANSITIONS[plan.status].map((status) => (
              <Button
                key={status}
                variant="ghost"
                disabled={mutation.isPending}
                onClick={() => void write({ kind: 'plan', body: { status } }).catch(() => undefined)}
              >
                {STATUS_ACTIONS[status]}
              </Button>
            ))}
          </div>
        )}
        {message ? (
          <p role="alert" className="text-sm text-destructive">
            {message}
          </p>
        ) : null}
      </header>

      <section aria-labelledby="whats-next" className="rounded-lg border p-4">
        <h3 id="whats-next" className="font-semibold">
          What’s next
        </h3>
        {next.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing open: every task is done or waiting on another.</p>
        ) : (
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
            {next.map((n) => (
              <li key={n.id}>
                {n.title} <span className="text-muted-foreground">({n.phase})</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      {plan.isExample ? null : (
        <section aria-labelledby="progress-heading" className="rounded-lg border p-4">
          <h3 id="progress-heading" className="font-semibold">
            Progress over time
          </h3>
          {progress.data ? <ProgressChart history={progress.data} /> : null}
        </section>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        {plan.phases.map((phase, phaseIndex) => (
          <section key={phase.id} aria-labelledby={`phase-${phase.id}`} className="min-w-0 rounded-lg border p-3">
            <h3 id={`phase-${phase.id}`} className="text-lg font-semibold break-words">
              {phase.name}
            </h3>
            {isReadOnly ? null : (
              <PhaseTools
                key={phase.name}
                phase={phase}
                index={phaseIndex}
                count={plan.phases.length}
                isBusy={mutation.isPending}
                write={write}
              />
            )}
            <p className="text-xs text-muted-foreground">
              {phase.estimatedDuration ? `${phase.estimatedDuration} · ` : ''}
              {phase.completionPercentage}% complete
            </p>
            <ProgressBar value={phase.completionPercentage} label={`${phase.name} completion`} />
            {phase.description ? <p className="mt-1 text-sm">{phase.description}</p> : null}
            <ul className="mt-3 space-y-2">
              {phase.tasks.map((task, index) => (
                <TaskCard
                  key={`${task.id}-${task.title}-${task.estimatedTime ?? ''}-${task.notes ?? ''}`}
                  task={task}
                  index={index}
                  count={phase.tasks.length}
                  titles={titles}
                  evidence={taskEvidence(plan, task.evidenceIds)}
                  isReadOnly={isReadOnly}
                  isBusy={mutation.isPending}
                  write={write}
                  onDragStart={(id) => (dragged.current = id)}
                  onDropOn={dropOn}
                  extra={taskExtra?.(task)}
                />
              ))}
            </ul>
            {isReadOnly ? null : (
              <NameForm
                kind="task-title"
                className="mt-2 flex flex-wrap items-end gap-2"
                label={`New task in ${phase.name}`}
                submitLabel="Add task"
                isBusy={mutation.isPending}
                failure="Could not add the task."
                onSubmit={(title) => write({ kind: 'add-task', phaseId: phase.id, body: { title } })}
              />
            )}
          </section>
        ))}
      </div>
      {isReadOnly ? null : (
        <NameForm
          kind="phase-name"
          className="flex flex-wrap items-end gap-2 rounded-lg border p-3"
          label="New phase"
          submitLabel="Add phase"
          isBusy={mutation.isPending}
          failure="Could not add the phase."
          onSubmit={(name) => write({ kind: 'add-phase', body: { name } })}
        />
      )}
    </div>
  );
}

function moveTo(ids: number[], id: number, index: number): number[] {
  const rest = ids.filter((x) => x !== id);
  rest.splice(index, 0, id);
  return rest;
}
