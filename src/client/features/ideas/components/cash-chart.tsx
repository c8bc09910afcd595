import type { Projections } from '#shared/ideas/projections.ts';
import { formatMoney } from '../idea-format.ts';

// The monthly cash position of the three scenarios (hand-written SVG), with a table alternative.

const W = 520;
const H = 220;
const PAD = { left: 64, right: 12, top: 12, bottom: 28 };
const STYLE: Record<string, string> = {
  pessimistic: 'stroke-destructive',
  base: 'stroke-primary',
  optimistic: 'stroke-foreground',
};
const DASH: Record<string, string | undefined> = { pessimistic: '6 4', base: undefined, optimistic: '2 3' };

export function CashChart(props: { projections: Projections }) {
  const { scenarios, months } = props.projections;
  const values = scenarios.flatMap((s) => s.curve.map((p) => p.cumulative));
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  const span = max - min || 1;
  const x = (m: number) => PAD.left + (m / months) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + ((max - v) / span) * (H - PAD.top - PAD.bottom);
  const ticks = [min, (min + max) / 2, max];
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
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="stroke-border" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="fill-muted-foreground text-[10px]">
              {formatMoney(t)}
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
        {[0, 12, 24, 36].map((m) => (
          <text key={m} x={x(m)} y={H - 8} textAnchor="middle" className="fill-muted-foreground text-[10px]">
            {m === 0 ? 'start' : `month ${m}`}
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
