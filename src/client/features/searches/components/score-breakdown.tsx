import type { Evidence, ScoreBreakdown as Breakdown } from '#shared/engine/analysis.schemas.ts';
import { EvidenceList } from './evidence-list.tsx';

function round(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/** How one score was computed: formula, each factor's value × weight = contribution, and its evidence. */
export function ScoreBreakdown({
  label,
  breakdown,
  evidence,
}: {
  label: string;
  breakdown: Breakdown;
  evidence: Evidence[];
}) {
  return (
    <details className="rounded border p-2">
      <summary className="min-h-11 cursor-pointer py-2 font-medium">
        {label}: {round(breakdown.score)}{' '}
        <span className="text-sm font-normal text-muted-foreground">— how this was scored</span>
      </summary>
      <p className="text-sm text-muted-foreground">Formula: {breakdown.formula}</p>
      <table className="mt-2 w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col">Factor</th>
            <th scope="col">Value</th>
            <th scope="col">Weight</th>
            <th scope="col">Contribution</th>
          </tr>
        </thead>
        <tbody>
          {breakdown.factors.map((f) => (
            <tr key={f.key} className="border-t align-top">
              <td className="py-1 pr-2">
                {f.label}
                <p className="text-xs text-muted-foreground">{f.explanation}</p>
              </td>
              <td>{round(f.value)}</td>
              <td>{round(f.weight)}</td>
              <td>{round(f.contribution)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-2">
        <p className="text-sm font-medium">Evidence</p>
        <EvidenceList evidence={evidence} ids={[...new Set(breakdown.factors.flatMap((f) => f.evidenceIds))]} />
      </div>
    </details>
  );
}
