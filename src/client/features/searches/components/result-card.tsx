import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { categoryLabel, MARKET_POTENTIAL_LABELS } from '#shared/searches/filter-options.ts';
import type { SearchResultDto } from '#shared/searches/search.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { formatScore, formatSize, SCORE_MAX } from '#shared/app/score-format.ts';
import { OpportunityDetails } from './opportunity-details.tsx';

function Score({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded border px-2 py-1 text-center">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}

type ResultCardProps = {
  result: SearchResultDto;
  /** Place in the list as shown (the order the list says it follows). */
  position: number;
  onToggleSaved: (result: SearchResultDto) => void;
  isSaving?: boolean;
};

export function ResultCard({ result, position, onToggleSaved, isSaving }: ResultCardProps) {
  const [isOpen, setOpen] = useState(false);
  return (
    <article aria-labelledby={`result-${result.id}`} className="min-w-0 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-muted-foreground">
            #{position} · {categoryLabel(result.category)} · {result.priority} priority
            {result.composedBy === 'llm' ? ' · text written by AI from the evidence' : ''}
          </p>
          <h3 id={`result-${result.id}`} className="text-lg font-semibold">
            <Link to={paths.searchResult.href(result.id)} className="control min-h-11 items-center hover:underline">
              {result.title}
            </Link>
          </h3>
        </div>
        <Button
          variant={result.isSaved ? 'secondary' : 'outline'}
          size="sm"
          disabled={isSaving}
          onClick={() => onToggleSaved(result)}
          aria-pressed={result.isSaved}
        >
          {result.isSaved ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
          {result.isSaved ? 'Saved' : 'Save'}
        </Button>
      </div>
      <p className="mt-2 text-sm">{result.description}</p>
      <dl className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6">
        <div className="rounded border border-primary bg-accent px-2 py-1 text-center text-accent-foreground">
          <dt className="text-xs">Opportunity</dt>
          <dd className="font-bold">
            {formatScore(result.opportunityScore)}
            <span className="text-xs font-normal">/{SCORE_MAX}</span>
          </dd>
        </div>
        <Score label="Innovation" value={formatScore(result.innovationScore)} />
        <Score label="Market size" value={formatSize(result.marketSize, { capital: true })} />
        <Score label="Feasibility" value={formatScore(result.feasibility)} />
        <Score label="Potential" value={MARKET_POTENTIAL_LABELS[result.marketPotential]} />
        <Score label="Confidence" value={formatScore(result.confidenceScore)} />
      </dl>
      <Button variant="link" className="mt-2 px-0" aria-expanded={isOpen} onClick={() => setOpen((o) => !o)}>
        {isOpen ? 'Hide evidence and breakdown' : 'Show evidence and breakdown'}
      </Button>
      {isOpen ? (
        <div className="mt-2 border-t pt-3">
          <OpportunityDetails result={result} />
        </div>
      ) : null}
    </article>
  );
}
