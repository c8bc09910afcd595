import type { Opportunity } from '#shared/engine/analysis.schemas.ts';
import { categoryLabel, MARKET_POTENTIAL_LABELS } from '#shared/searches/filter-options.ts';
import { OpportunityDetails } from '#client/features/searches/components/opportunity-details.tsx';
import { formatScore, formatSize, SCORE_MAX } from '#shared/app/score-format.ts';

// One opportunity of an analysis shown read-only: by a public link (/share/:token) or through a
// team share (/shared/analyses/:id).

export function SharedOpportunity({ opportunity, position }: { opportunity: Opportunity; position: number }) {
  const headingId = `shared-opportunity-${position}`;
  return (
    <article aria-labelledby={headingId} className="min-w-0 rounded-xl border bg-card p-4">
      <p className="text-xs text-muted-foreground">
        #{position} · {categoryLabel(opportunity.category)} · {opportunity.priority} priority
      </p>
      <h2 id={headingId} className="text-lg font-semibold break-words">
        {opportunity.title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        opportunity {formatScore(opportunity.opportunityScore)}/{SCORE_MAX} · innovation{' '}
        {formatScore(opportunity.innovationScore)} · market size {formatSize(opportunity.marketSize)} · feasibility{' '}
        {formatScore(opportunity.feasibility)} · potential {MARKET_POTENTIAL_LABELS[opportunity.marketPotential]} ·
        confidence {formatScore(opportunity.confidenceScore)}
      </p>
      <p className="mt-3">{opportunity.description}</p>
      <details className="mt-3">
        <summary className="min-h-11 cursor-pointer py-2 font-medium">
          Evidence, competitors and score breakdowns
        </summary>
        <div className="mt-2">
          <OpportunityDetails result={opportunity} />
        </div>
      </details>
    </article>
  );
}
