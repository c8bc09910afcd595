import { useState } from 'react';
import { HYPOTHESIS_STATUSES, SCORE_LABELS, type HypothesisStatus, type IdeaDto } from '#shared/ideas/ideas.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';

// The three riskiest assumptions as falsifiable hypotheses; the founder records what the interviews
// showed and marks each supported or killed.

type Hypothesis = IdeaDto['hypotheses'][number];
const STATUS_LABELS: Record<HypothesisStatus, string> = {
  untested: 'Untested',
  supported: 'Supported',
  killed: 'Killed',
};

function HypothesisCard(props: {
  h: Hypothesis;
  readOnly: boolean;
  isSaving: boolean;
  onRecord: (input: { id: number; status: HypothesisStatus; result: string | null }) => void;
}) {
  const { h } = props;
  const [status, setStatus] = useState<HypothesisStatus>(h.status);
  const [result, setResult] = useState(h.result ?? '');
  return (
    <li className="grid gap-2 rounded-lg border p-4">
      <p className="text-xs text-muted-foreground">
        Hypothesis {h.rank} · from the {SCORE_LABELS[h.basedOn].toLowerCase()} score ·{' '}
        <span className="font-medium text-foreground">{STATUS_LABELS[h.status]}</span>
      </p>
      <p className="font-medium">{h.statement}</p>
      <p className="text-sm">
        <span className="font-medium">Kill it if: </span>
        {h.killCriterion}
      </p>
      <details>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm underline">
          Interview script
        </summary>
        <ol className="list-decimal pl-5 text-sm">
          {h.interviewScript.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ol>
      </details>
      {props.readOnly ? (
        h.result ? (
          <p className="text-sm break-words">
            <span className="font-medium">What they found: </span>
            {h.result}
          </p>
        ) : null
      ) : (
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Result</legend>
          <div className="flex flex-wrap gap-3">
            {HYPOTHESIS_STATUSES.map((s) => (
              <label key={s} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`h-${h.id}`}
                  value={s}
                  checked={status === s}
                  onChange={() => setStatus(s)}
                  className="size-5"
                />
                {STATUS_LABELS[s]}
              </label>
            ))}
          </div>
          <label className="flex flex-col gap-1 text-sm">
            What you found
            <textarea
              className="min-h-11 rounded-md border bg-background px-3 py-2"
              rows={2}
              maxLength={2000}
              value={result}
              onChange={(e) => setResult(e.target.value)}
            />
          </label>
          <div>
            <Button
              variant="outline"
              disabled={props.isSaving}
              onClick={() => props.onRecord({ id: h.id, status, result: result.trim() || null })}
            >
              Save result
            </Button>
          </div>
        </fieldset>
      )}
    </li>
  );
}

export function HypothesesList(props: {
  idea: IdeaDto;
  /** A teammate's read-only view: each hypothesis's recorded result as text, no form. */
  readOnly?: boolean;
  isSaving: boolean;
  onRecord: (input: { id: number; status: HypothesisStatus; result: string | null }) => void;
}) {
  return (
    <section aria-labelledby="hypotheses-heading" className="grid gap-3">
      <h2 id="hypotheses-heading" className="text-xl font-semibold">
        Riskiest assumptions to test this week
      </h2>
      {props.idea.hypotheses.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {props.readOnly
            ? 'No hypotheses yet: the idea has not been validated.'
            : 'Validate the idea to get its hypotheses.'}
        </p>
      ) : (
        <ol className="grid gap-3">
          {props.idea.hypotheses.map((h) => (
            <HypothesisCard
              key={`${h.id}-${h.status}-${h.result ?? ''}`}
              h={h}
              readOnly={props.readOnly ?? false}
              isSaving={props.isSaving}
              onRecord={props.onRecord}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
