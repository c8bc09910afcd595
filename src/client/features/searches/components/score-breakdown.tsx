import type { Evidence, SizeBreakdown as Breakdown } from '#shared/engine/analysis.schemas.ts';
import { EvidenceList } from './evidence-list.tsx';
import { formatSize, notSizedReason } from '#shared/app/score-format.ts';

function round(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

/**
 * How one score was computed, for a reader: each factor in words with value × weight = contribution, its
 * evidence, and the formula itself one toggle further down. Factors are a list, not a table, so a phone
 * reads them without the card overflowing. A market not sized (score null) says why instead.
 */
export function ScoreBreakdown({
  label,
  breakdown,
  evidence,
}: {
  label: string;
  breakdown: Breakdown;
  evidence: Evidence[];
}) {
  if (breakdown.score === null)
    return (
      <details className="min-w-0 rounded border p-2">
        <summary className="min-h-11 cursor-pointer py-2 font-medium">
          {label}: {formatSize(null)} <span className="text-sm font-normal text-muted-foreground">— why</span>
        </summary>
        <p className="mt-1 text-sm break-words">{notSizedReason(breakdown.formula)}</p>
      </details>
    );
  return (
    <details className="min-w-0 rounded border p-2">
      <summary className="min-h-11 cursor-pointer py-2 font-medium">
        {label}: {formatSize(breakdown.score)}{' '}
        <span className="text-sm font-normal text-muted-foreground">— how this was scored</span>
      </summary>
      <ul className="mt-1 space-y-2 text-sm">
        {breakdown.factors.map((f) => (
          <li key={f.key} className="border-t pt-2 break-words">
            <p className="font-medium">{f.label}</p>
            {f.explanation ? <p className="text-xs text-muted-foreground">{f.explanation}</p> : null}
            <p className="mt-1 tabular-nums">
              {round(f.value)} × weight {round(f.weight)} = <strong>{round(f.contribution)}</strong>
            </p>
          </li>
        ))}
      </ul>
      <details className="mt-2 text-sm">
        <summary className="min-h-11 cursor-pointer py-2">How this was computed</summary>
        <p className="break-words text-muted-foreground">Formula: {breakdown.formula}</p>
      </details>
      <div className="mt-2">
        <p className="text-sm font-medium">Evidence</p>
        <EvidenceList evidence={evidence} ids={[...new Set(breakdown.factors.flatMap((f) => f.evidenceIds))]} />
      </div>
    </details>
  );
}
