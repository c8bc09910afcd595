import type { Projections } from '#shared/ideas/projections.ts';
import { formatMoney } from '../idea-format.ts';
import { axisLabels, CHART, chartScales } from '../cash-chart-layout.ts';

// The monthly cash position of the three scenarios (hand-written SVG), with a table alternative.

const { width: W, height: H, pad: PAD } = CHART;
const STYLE: Record<string, string> = {
  pessimistic: 'stroke-destructive',
  base: 'stroke-primary',
  optimistic: 'stroke-foreground',
};
const DASH: Record<string, string | undefined> = { pessimistic: '6 4', base: undefined, optimistic: '2 3' };

export function CashChart(props: { projections: Projections }) {
  const { scenarios, months } = props.projections;
  const { x, y } = chartScales(props.projections);
  const labels = axisLabels(props.projections);
  const tableMonths = Array.from({ length: months / 6 + 1 }, (_, i) => i * 6);
  const summary = scenarios
    .map(
      (s) =>
        `${s.label}: ${formatMoney(s.curve[months]?.cumulative ?? 0)} after ${months} months, break-even ${s.breakEven.label}`,
    )
    .join('; ');
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="w-full max-w-2xl"
        role="img"
        aria-label={`Cash position by month. ${summary}`}
      >
        {labels.money.map((l) => (
          <g key={l.text}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={l.y - 4}
              y2={l.y - 4}
              className="stroke-border"
              strokeWidth={1}
            />
            <text x={l.x} y={l.y} textAnchor={l.anchor} className="fill-muted-foreground text-[10px]">
              {l.text}
            </text>
          </g>
        ))}
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={y(0)}
          y2={y(0)}
          className="stroke-muted-foreground"
          strokeWidth={1.5}
        />
        {labels.months.map((l) => (
          <text key={l.text} x={l.x} y={l.y} textAnchor={l.anchor} className="fill-muted-foreground text-[10px]">
            {l.text}
          </text>
        ))}
        {scenarios.map((s) => (
          <polyline
            key={s.key}
            fill="none"
            strokeWidth={2}
            strokeDasharray={DASH[s.key]}
            className={STYLE[s.key]}
            points={s.curve.map((p) => `${x(p.month).toFixed(1)},${y(p.cumulative).toFixed(1)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-muted-foreground">
        {scenarios.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1">
            <svg width="24" height="8" aria-hidden="true">
              <line
                x1="0"
                x2="24"
                y1="4"
                y2="4"
                strokeWidth={2}
                strokeDasharray={DASH[s.key]}
                className={STYLE[s.key]}
              />
            </svg>
            {s.label}
          </span>
        ))}
      </figcaption>
      <details>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm underline">
          Show the cash curve as a table
        </summary>
        <div className="overflow-x-auto">
          <table className="mt-2 text-sm">
            <caption className="sr-only">Cash position by month and scenario</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-4 text-left">
                  Month
                </th>
                {scenarios.map((s) => (
                  <th key={s.key} scope="col" className="pr-4 text-right">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tableMonths.map((m) => (
                <tr key={m}>
                  <th scope="row" className="pr-4 text-left font-normal">
                    {m}
                  </th>
                  {scenarios.map((s) => (
                    <td key={s.key} className="pr-4 text-right">
                      {formatMoney(s.curve[m]?.cumulative ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
