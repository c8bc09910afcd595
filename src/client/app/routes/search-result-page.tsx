import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { categoryLabel, MARKET_POTENTIAL_LABELS } from '#shared/searches/filter-options.ts';
import { Button } from '#client/components/ui/button.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/config/paths.ts';
import { HelpLink } from '#client/features/help/components/help-link.tsx';
import { CreatePlanButton } from '#client/features/action-plans/components/create-plan-button.tsx';
import { useSetSaved } from '#client/features/searches/api/searches-mutations.ts';
import { searchResultQueryOptions } from '#client/features/searches/api/searches-api.ts';
import { OpportunityDetails } from '#client/features/searches/components/opportunity-details.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { ShareDialog } from '#client/features/sharing/components/share-dialog.tsx';
import { formatScore, formatSize, SCORE_MAX } from '#shared/app/score-format.ts';

/** /search-result/:id — one opportunity in depth. */
export function SearchResultPage() {
  const id = Number(useParams().id);
  const result = useQuery({ ...searchResultQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  const setSaved = useSetSaved();
  usePageMeta(result.data?.title ?? 'Opportunity', 'One market opportunity with its evidence.');
  const { hash } = useLocation();
  // A citation's link (/search-result/:id#evidence-…): bring that evidence row into view once it is drawn.
  useEffect(() => {
    if (!result.data || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [result.data, hash]);

  if (result.isPending) return <Spinner className="w-full py-16" label="Loading the opportunity" />;
  if (result.isError) return <ErrorScreen error={result.error} onRetry={() => void result.refetch()} />;
  const r = result.data;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <p className="text-sm">
        <Link to={paths.search.href(r.search.id)} className={textLinkClass}>
          ← {r.search.query}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-2">
          <h1 className="min-w-0 text-2xl font-bold break-words">{r.title}</h1>
          <HelpLink page="searchResult" />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={paths.validateIdea.href({ from: r.id })}>Validate this opportunity</Link>
          </Button>
          <ShareDialog searchId={r.search.id} query={r.search.query} />
          <Button
            variant="outline"
            aria-pressed={r.isSaved}
            onClick={() => setSaved.mutate({ id: r.id, isSaved: !r.isSaved })}
          >
            {r.isSaved ? 'Saved' : 'Save'}
          </Button>
        </div>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        {categoryLabel(r.category)} · opportunity {formatScore(r.opportunityScore)}/{SCORE_MAX} · innovation{' '}
        {formatScore(r.innovationScore)} · market size {formatSize(r.marketSize)} · feasibility{' '}
        {formatScore(r.feasibility)} · potential {MARKET_POTENTIAL_LABELS[r.marketPotential]} · confidence{' '}
        {formatScore(r.confidenceScore)} · priority {r.priority}
      </p>
      <p className="mt-4">{r.description}</p>
      <div className="mt-4">
        <CreatePlanButton searchResultId={r.id} />
      </div>
      <div className="mt-6">
        <OpportunityDetails result={r} anchored />
      </div>
    </div>
  );
}
