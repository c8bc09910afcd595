import { SCORE_LABELS, type IdeaScore } from '#shared/ideas/ideas.schemas.ts';

// The five scores as horizontal bars (hand-written SVG: small and labelled), with the same numbers
// as a table for screen readers and anyone who prefers one.

const ROW = 36;
const LABEL_W = 110;
const BAR_W = 200;

export function ScoreChart(props: { scores: IdeaScore[]; caption: string }) {
  const { scores } = props;
  const height = scores.length * ROW + 8;
  const summary = scores.map((s) => `${s.label} ${s.score ?? 'insufficient data'}`).join(', ');
  return (
    <figure className="grid gap-3">
      <svg
        viewBox={`0 0 ${LABEL_W + BAR_W + 50} ${height}`}
        className="w-full max-w-lg"
        role="img"
        aria-label={`${props.caption}: ${summary}`}
      >
        {scores.map((s, i) => {
          const y = i * ROW + 6;
          const w = ((s.score ?? 0) / 100) * BAR_W;
          return (
            <g key={s.key}>
              <text x={0} y={y + 17} className="fill-foreground text-[13px]">
                {SCORE_LABELS[s.key]}
              </text>
              <rect x={LABEL_W} y={y + 4} width={BAR_W} height={18} rx={3} className="fill-muted" />
              <rect
                x={LABEL_W}
                y={y + 4}
                width={w}
                height={18}
                rx={3}
                className={s.key === 'overall' ? 'fill-primary' : 'fill-primary/70'}
              />
              <text x={LABEL_W + BAR_W + 8} y={y + 18} className="fill-foreground text-[13px] font-semibold">
                {s.score ?? '—'}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-sm text-muted-foreground">
        {props.caption} (0–100, higher is better for the idea)
      </figcaption>
      <details>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm underline">
          Show the scores as a table
        </summary>
        <table className="mt-2 text-sm">
          <caption className="sr-only">{props.caption}</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-4 text-left">
                Score
              </th>
              <th scope="col" className="text-right">
                Value (0–100)
              </th>
            </tr>
          </thead>
          <tbody>
            {scores.map((s) => (
              <tr key={s.key}>
                <th scope="row" className="pr-4 text-left font-normal">
                  {s.label}
                </th>
                <td className="text-right">{s.score ?? 'insufficient data'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
