import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IDEA_CATEGORY_LABELS, IDEA_STATUS_LABELS } from '#shared/ideas/idea-labels.ts';
import type { IdeaDto } from '#shared/ideas/ideas.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import {
  useArchiveIdea,
  useChooseCustomer,
  useUpdateHypothesis,
  useUpdateIdea,
  useValidateIdea,
} from '../api/ideas-api.ts';
import { errorMessage } from '../idea-format.ts';
import { CustomerPanel } from './customer-panel.tsx';
import { HypothesesList } from './hypotheses-list.tsx';
import { MarketSizeCalculator } from './market-size-calculator.tsx';
import { ProjectionsPanel } from './projections-panel.tsx';
import { ScoreBreakdown } from './score-breakdown.tsx';
import { ScoreChart } from './score-chart.tsx';

/**
 * One idea: its five scores with breakdowns, projections, market size and hypotheses. `planAction`
 * (composed by the page) is offered once the idea is validated: a plan is built from its scores.
 */
export function IdeaResults(props: {
  idea: IdeaDto;
  planAction?: ReactNode;
  /** More buttons beside Validate / Archive (composed by the page: sharing). */
  actions?: ReactNode;
  /** A teammate's view of a shared idea: no validate / archive; editable only with canEdit. */
  access?: { isOwner: boolean; canEdit: boolean };
}) {
  const { idea } = props;
  const isOwner = props.access?.isOwner ?? true;
  const canEdit = props.access?.canEdit ?? true;
  const validate = useValidateIdea();
  const update = useUpdateIdea();
  const archive = useArchiveIdea();
  const record = useUpdateHypothesis();
  const choose = useChooseCustomer();
  const v = idea.validation;
  const error = validate.error ?? choose.error ?? update.error ?? archive.error ?? record.error;

  return (
    <article className="grid gap-8" aria-labelledby="idea-title">
      <header className="grid gap-2">
        {isOwner ? (
          <p className="text-sm">
            <Link to={paths.validateIdea.href()} className={textLinkClass}>
              ← All ideas
            </Link>
          </p>
        ) : null}
        <h1 id="idea-title" className="text-2xl font-bold break-words">
          {idea.title}
        </h1>
        <p className="text-sm text-muted-foreground">
          {IDEA_CATEGORY_LABELS[idea.category]} · {IDEA_STATUS_LABELS[idea.status]}
          {idea.isStale && ' · edited since its last validation'}
          {v &&
            ` · scored against ${v.corpus.kind === 'seed' ? 'the built-in sample of the data (a small sample: treat scores as a demonstration)' : 'the full public datasets'} (${v.corpus.version})`}
        </p>
        <p className="text-sm break-words">{idea.description}</p>
        <p className="text-sm">
          <span className="font-medium">Market:</span> {idea.targetMarket} · <span className="font-medium">Model:</span>{' '}
          {idea.businessModel}
        </p>
        <div className="flex flex-wrap gap-2">
          {isOwner ? (
            <>
              <Button
                onClick={() => validate.mutate(idea.id)}
                disabled={validate.isPending || idea.status === 'archived'}
              >
                {validate.isPending ? 'Validating…' : v ? 'Re-validate' : 'Validate'}
              </Button>
              <Button
                variant="outline"
                onClick={() => archive.mutate({ id: idea.id, archived: idea.status !== 'archived' })}
                disabled={archive.isPending}
              >
                {idea.status === 'archived' ? 'Unarchive' : 'Archive'}
              </Button>
            </>
          ) : null}
          {props.actions}
        </div>
        {canEdit ? null : (
          <p className="rounded-md bg-muted p-3 text-sm">
            Shared with you to read: the projections, market size and hypotheses below cannot be changed here.
          </p>
        )}
        {props.planAction &&
          (idea.status === 'validated' ? (
            props.planAction
          ) : (
            <p className="text-sm text-muted-foreground">
              Validate the idea to create an action plan from its scores and hypotheses.
            </p>
          ))}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(error)}
          </p>
        )}
      </header>

      {v?.customer ? (
        <CustomerPanel
          key={`c-${idea.updatedAt}`}
          customer={v.customer}
          options={v.customerOptions ?? []}
          canChange={isOwner && idea.status !== 'archived'}
          isSaving={choose.isPending}
          onChoose={(customer) => choose.mutate({ id: idea.id, customer })}
        />
      ) : null}

      <section aria-labelledby="scores-heading" className="grid gap-4">
        <h2 id="scores-heading" className="text-xl font-semibold">
          Five scores
        </h2>
        {!v ? (
          <p className="text-sm text-muted-foreground">Not validated yet.</p>
        ) : (
          <>
            {v.status === 'insufficient_data' && (
              <p role="status" className="rounded-md border border-destructive/50 p-3 text-sm">
                <span className="font-semibold">Insufficient data.</span> {v.reason}
              </p>
            )}
            {v.bestOpportunity && (
              <p className="text-sm text-muted-foreground">
                The engine searched for “{v.query}”; the closest opportunity in the data is “{v.bestOpportunity.title}”.
              </p>
            )}
            <ScoreChart scores={v.scores} caption="The idea's five scores" />
            <div className="grid gap-3 lg:grid-cols-2">
              {v.scores.map((s) => (
                <ScoreBreakdown key={s.key} score={s} evidence={v.evidence} />
              ))}
            </div>
            {v.warnings.length > 0 && (
              // The engine's notes are written for whoever runs the server: behind the same toggle as on
              // an analysis (issue 13), with the corpus said plainly in the heading above.
              <details className="text-xs text-muted-foreground">
                <summary className="min-h-11 cursor-pointer py-2 font-medium">How this was computed</summary>
                <ul className="list-disc pl-5">
                  {v.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </details>
            )}
          </>
        )}
      </section>

      {/* A disabled fieldset disables every control inside: a reader without canEdit sees, not changes. */}
      <fieldset disabled={!canEdit} className="contents">
        <ProjectionsPanel
          key={`p-${idea.updatedAt}`}
          idea={idea}
          readOnly={!canEdit}
          isSaving={update.isPending}
          onSave={(input) => update.mutate({ id: idea.id, ...input })}
        />
        <MarketSizeCalculator
          key={`m-${idea.updatedAt}`}
          inputs={idea.marketSizeInputs}
          readOnly={!canEdit}
          isSaving={update.isPending}
          onSave={(marketSize) => update.mutate({ id: idea.id, marketSize })}
        />
        <HypothesesList
          idea={idea}
          readOnly={!canEdit}
          isSaving={record.isPending}
          onRecord={(input) => record.mutate(input)}
        />
      </fieldset>
    </article>
  );
}
