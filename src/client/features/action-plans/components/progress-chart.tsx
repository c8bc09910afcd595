import { useId } from 'react';
import type { ProgressHistory } from '#shared/action-plans/action-plans.schemas.ts';

// Completion over time as a plain SVG line (no chart library on this page) with the same numbers as
// a table for screen readers and anyone who prefers one.

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 28;

export function ProgressChart({ history }: { history: ProgressHistory }) {
  const titleId = useId();
  const points = history.snapshots;
  if (points.length === 0) return <p className="text-sm text-muted-foreground">No progress recorded yet.</p>;
  const step = points.length > 1 ? (WIDTH - 2 * PAD) / (points.length - 1) : 0;
  const x = (i: number) => PAD + i * step;
  const y = (percent: number) => HEIGHT - PAD - (percent / 100) * (HEIGHT - 2 * PAD);
  const line = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.completionPercentage).toFixed(1)}`)
    .join(' ');
  const last = points[points.length - 1];
  return (
    <figure className="space-y-2">
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-xl text-primary"
      >
        <title id={titleId}>
          {`Completion over ${points.length} day${points.length === 1 ? '' : 's'}: ${last?.completionPercentage ?? 0}% on ${last?.day ?? ''}`}
        </title>
        {[0, 50, 100].map((tick) => (
          <g key={tick}>
            <line x1={PAD} x2={WIDTH - PAD} y1={y(tick)} y2={y(tick)} className="stroke-border" strokeWidth="1" />
            <text x={4} y={y(tick) + 4} className="fill-muted-foreground text-[10px]">
              {tick}%
            </text>
          </g>
        ))}
        <path d={line} fill="none" stroke="currentColor" strokeWidth="2.5" />
        {points.map((p, i) => (
          <circle key={p.day} cx={x(i)} cy={y(p.completionPercentage)} r="3.5" fill="currentColor" />
        ))}
      </svg>
      <details>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm underline">
          Show progress as a table
        </summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Daily progress</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Completion</th>
              <th scope="col">Completed</th>
              <th scope="col">In progress</th>
              <th scope="col">Skipped</th>
              <th scope="col">Tasks a week</th>
              <th scope="col">Avg. hours a task</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day}>
                <th scope="row" className="font-normal">
                  {p.day}
                </th>
                <td>{p.completionPercentage}%</td>
                <td>
                  {p.completedTasks} of {p.totalTasks}
                </td>
                <td>{p.inProgressTasks}</td>
                <td>{p.skippedTasks}</td>
                <td>{p.velocity}</td>
                <td>{p.averageTaskTime ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
