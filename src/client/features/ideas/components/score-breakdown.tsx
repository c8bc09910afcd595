import type { Evidence } from '#shared/engine/analysis.schemas.ts';
import { SOURCE_ATTRIBUTION } from '#shared/engine/analysis.schemas.ts';
import type { IdeaScore } from '#shared/ideas/ideas.schemas.ts';
import { formatNumber } from '../idea-format.ts';

// How each score was reached: its formula, factors (value × weight = contribution), the evidence
// each factor cites, and what would change it.

export function ScoreBreakdown(props: { score: IdeaScore; evidence: Evidence[] }) {
  const { score } = props;
  const byId = new Map(props.evidence.map((e) => [e.id, e]));
  return (
    <section aria-labelledby={`score-${score.key}`} className="rounded-lg border p-4">
      <h3 id={`score-${score.key}`} className="flex items-baseline justify-between gap-2 font-semibold">
        <span>{score.label}</span>
        <span className="text-xl">{score.score ?? 'insufficient data'}</span>
      </h3>
      <p className="mt-1 text-xs break-words text-muted-foreground">{score.formula}</p>
      {score.factors.length > 0 && (
        <ul className="mt-3 grid gap-2 text-sm">
          {score.factors.map((f) => (
            <li key={f.key} className="border-l-2 pl-3">
              <span className="font-medium">{f.label}</span>: {formatNumber(f.value, 3)} × weight{' '}
              {formatNumber(f.weight, 3)} = {formatNumber(f.contribution, 2)}
              <span className="block text-xs break-words text-muted-foreground">{f.explanation}</span>
              {f.evidenceIds.length > 0 && (
                <details className="text-xs">
                  <summary className="inline-flex min-h-11 cursor-pointer items-center underline">
                    Evidence ({f.evidenceIds.length})
                  </summary>
                  <ul className="grid gap-1">
                    {f.evidenceIds.map((id) => {
                      const e = byId.get(id);
                      return (
                        <li key={id} className="break-words">
                          <code>{id}</code>
                          {e && (
                            <>
                              {' '}
                              — {e.note}{' '}
                              <span className="text-muted-foreground">({SOURCE_ATTRIBUTION[e.source].label})</span>
                            </>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
      {score.missing && <p className="mt-2 text-sm text-muted-foreground">Missing: {score.missing}</p>}
      <p className="mt-2 text-sm">
        <span className="font-medium">What would change it: </span>
        {score.whatWouldChange}
      </p>
    </section>
  );
}
