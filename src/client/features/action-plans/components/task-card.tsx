import { ArrowDown, ArrowUp, Lock, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TASK_STATUS_LABELS, TASK_TRANSITIONS, type TaskStatus } from '#shared/action-plans/action-plans.constants.ts';
import type { PlanTaskDto } from '#shared/action-plans/action-plans.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api-error.ts';
import { cn } from '#client/lib/cn.ts';
import type { PlanWrite } from '../api/action-plans-api.ts';
import { TaskDetailsForm } from './task-details-form.tsx';

// One task: its status (only the allowed transitions offered), its place (drag, or Move up / Move
// down from the keyboard), its prerequisites and blocked state, notes and the evidence it came from.

/** One piece of evidence a task cites: its title, and the link to its row on the opportunity's page if any. */
export type TaskEvidence = { id: string; title: string; href: string | null };

type TaskCardProps = {
  task: PlanTaskDto;
  evidence: readonly TaskEvidence[];
  index: number;
  count: number;
  titles: ReadonlyMap<number, string>;
  isReadOnly: boolean;
  isBusy: boolean;
  write: (change: PlanWrite) => Promise<unknown>;
  onDragStart: (taskId: number) => void;
  onDropOn: (taskId: number) => void;
  /** Composed by the page under the task (its helpful resources). */
  extra?: ReactNode;
};

const STATUS_STYLE: Record<TaskStatus, string> = {
  not_started: 'border-border',
  in_progress: 'border-blue-500',
  completed: 'border-green-600',
  skipped: 'border-muted-foreground border-dashed',
};

export function TaskCard({
  task,
  evidence,
  index,
  count,
  titles,
  isReadOnly,
  isBusy,
  write,
  onDragStart,
  onDropOn,
  extra,
}: TaskCardProps) {
  const statusId = useId();
  const depId = useId();
  const [error, setError] = useState<string | null>(null);
  const [needsOverride, setNeedsOverride] = useState(false);
  const [prerequisite, setPrerequisite] = useState('');
  const isBlocked = task.openPrerequisiteIds.length > 0 && task.status !== 'completed' && task.status !== 'skipped';
  const options: TaskStatus[] = [task.status, ...TASK_TRANSITIONS[task.status]];

  async function run(change: PlanWrite): Promise<boolean> {
    setError(null);
    try {
      await write(change);
      return true;
    } catch (e) {
      const message = e instanceof ApiError ? (Object.values(e.fieldErrors)[0] ?? e.message) : 'Something went wrong.';
      setError(message);
      return false;
    }
  }

  async function changeStatus(status: TaskStatus) {
    if (status === 'completed' && isBlocked) {
      setNeedsOverride(true);
      return;
    }
    await run({ kind: 'task', taskId: task.id, body: { status } });
  }

  const others = [...titles.entries()].filter(([id]) => id !== task.id && !task.prerequisiteIds.includes(id));

  return (
    <li
      draggable={!isReadOnly}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', String(task.id));
        onDragStart(task.id);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        onDropOn(task.id);
      }}
      aria-label={task.title}
      className={cn('rounded-md border-2 bg-card p-3', STATUS_STYLE[task.status])}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 className={cn('min-w-0 flex-1 font-medium break-words', task.status === 'completed' && 'line-through')}>
          {task.title}
        </h4>
        {isBlocked ? (
          <span className="inline-flex items-center gap-1 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            <Lock aria-hidden="true" className="size-3" /> Blocked
          </span>
        ) : null}
      </div>
      {task.description ? <p className="mt-1 text-sm text-muted-foreground">{task.description}</p> : null}
      {task.estimatedTime ? <p className="mt-1 text-xs text-muted-foreground">About {task.estimatedTime}</p> : null}
      {evidence.length > 0 ? (
        <div className="mt-1 text-xs text-muted-foreground">
          <span>Evidence:</span>
          <ul className="flex flex-wrap gap-x-3">
            {evidence.map((e) => (
              <li key={e.id} className="min-w-0">
                {e.href ? (
                  <Link to={e.href} className="inline-flex min-h-11 items-center break-words underline">
                    {e.title}
                  </Link>
                ) : (
                  <span className="break-words">{e.title}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {task.prerequisiteIds.length > 0 ? (
        <div className="mt-2 text-sm">
          <span className="font-medium">Depends on:</span>
          <ul className="mt-1 space-y-1">
            {task.prerequisiteIds.map((id) => (
              <li key={id} className="flex flex-wrap items-center gap-2">
                <span>
                  {titles.get(id) ?? `Task ${id}`}
                  {task.openPrerequisiteIds.includes(id) ? ' (open)' : ' (done)'}
                </span>
                {isReadOnly ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={isBusy}
                    onClick={() =>
                      void run({
                        kind: 'task',
                        taskId: task.id,
                        body: { prerequisiteIds: task.prerequisiteIds.filter((x) => x !== id) },
                      })
                    }
                  >
                    Remove<span className="sr-only"> dependency on {titles.get(id)}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {isReadOnly ? (
        <p className="mt-2 text-sm">Status: {TASK_STATUS_LABELS[task.status]}</p>
      ) : (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div className="flex flex-col">
            <label htmlFor={statusId} className="text-xs font-medium">
              Status
            </label>
            <select
              id={statusId}
              value={task.status}
              disabled={isBusy}
              onChange={(event) => void changeStatus(event.target.value as TaskStatus)}
              className="min-h-11 rounded-md border bg-background px-2"
            >
              {options.map((s) => (
                <option key={s} value={s}>
                  {TASK_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <Button
            size="icon"
            variant="outline"
            disabled={isBusy || index === 0}
            onClick={() => void run({ kind: 'task', taskId: task.id, body: { order: index - 1 } })}
          >
            <ArrowUp aria-hidden="true" />
            <span className="sr-only">Move “{task.title}” up</span>
          </Button>
          <Button
            size="icon"
            variant="outline"
            disabled={isBusy || index === count - 1}
            onClick={() => void run({ kind: 'task', taskId: task.id, body: { order: index + 1 } })}
          >
            <ArrowDown aria-hidden="true" />
            <span className="sr-only">Move “{task.title}” down</span>
          </Button>
          <div className="flex flex-col">
            <label htmlFor={depId} className="text-xs font-medium">
              Add a prerequisite
            </label>
            <div className="flex gap-1">
              <select
                id={depId}
                value={prerequisite}
                onChange={(event) => setPrerequisite(event.target.value)}
                className="min-h-11 max-w-56 rounded-md border bg-background px-2"
              >
                <option value="">Choose a task…</option>
                {others.map(([id, title]) => (
                  <option key={id} value={id}>
                    {title}
                  </option>
                ))}
              </select>
              <Button
                variant="outline"
                disabled={isBusy || !prerequisite}
                onClick={() =>
                  void run({
                    kind: 'task',
                    taskId: task.id,
                    body: { prerequisiteIds: [...task.prerequisiteIds, Number(prerequisite)] },
                  }).then((ok) => ok && setPrerequisite(''))
                }
              >
                Add<span className="sr-only"> prerequisite to “{task.title}”</span>
              </Button>
            </div>
          </div>
          <Button
            size="icon"
            variant="ghost"
            disabled={isBusy}
            onClick={() => void run({ kind: 'delete-task', taskId: task.id })}
          >
            <Trash2 aria-hidden="true" />
            <span className="sr-only">Delete “{task.title}”</span>
          </Button>
        </div>
      )}

      {needsOverride ? (
        <div role="alert" className="mt-2 rounded-md border border-amber-500 p-2 text-sm">
          <p>
            This task is blocked by {task.openPrerequisiteIds.map((id) => `“${titles.get(id) ?? id}”`).join(', ')}.
            Complete it anyway?
          </p>
          <div className="mt-2 flex gap-2">
            <Button
              size="sm"
              onClick={() =>
                void run({ kind: 'task', taskId: task.id, body: { status: 'completed', override: true } }).then(() =>
                  setNeedsOverride(false),
                )
              }
            >
              Complete anyway
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setNeedsOverride(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}

      {isReadOnly ? null : (
        <details className="mt-2 text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center">Edit details and notes</summary>
          <TaskDetailsForm
            task={task}
            isBusy={isBusy}
            onSave={(body) => void run({ kind: 'task', taskId: task.id, body })}
          />
        </details>
      )}
      {extra}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </li>
  );
}
