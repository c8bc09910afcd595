import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useSetFavorite, useSetSaved } from '#client/features/searches/api/searches-mutations.ts';
import { searchDetailQueryOptions } from '#client/features/searches/api/searches-api.ts';
import { AnalysisBanners } from '#client/features/searches/components/analysis-banners.tsx';
import { provenanceLine } from '#client/features/searches/provenance.ts';
import { formatDate } from '#client/lib/format.ts';
import { ResultsView } from '#client/features/searches/components/results-view.tsx';
import { SearchProgressOverlay } from '#client/features/searches/components/search-progress-overlay.tsx';
import { useRunSearch } from '#client/features/searches/hooks/use-run-search.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /search/:id — one analysis with every opportunity, its evidence and breakdowns. */
export function SearchPage() {
  const id = Number(useParams().id);
  const detail = useQuery({ ...searchDetailQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  const setSaved = useSetSaved();
  const setFavorite = useSetFavorite();
  const { state, rerun, cancel } = useRunSearch();
  usePageMeta(detail.data ? `Gaps: ${detail.data.query}` : 'Search results', 'Market-gap analysis with evidence.');

  if (detail.isPending) return <Spinner className="w-full py-16" label="Loading the analysis" />;
  if (detail.isError) return <ErrorScreen error={detail.error} onRetry={() => void detail.refetch()} />;
  const search = detail.data;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{search.query}</h1>
          <p className="text-sm text-muted-foreground">
            {formatDate(search.timestamp)} · {search.resultsCount} opportunities · {provenanceLine(search.analysis)}
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            aria-pressed={search.isFavorite}
            onClick={() => setFavorite.mutate({ id: search.id, isFavorite: !search.isFavorite })}
          >
            <Star aria-hidden="true" className={search.isFavorite ? 'fill-current' : undefined} />
            {search.isFavorite ? 'Favourite' : 'Add to favourites'}
          </Button>
          <Button variant="outline" onClick={() => rerun(search.id)}>
            Re-run
          </Button>
        </div>
      </div>
      <div className="mt-4">
        <AnalysisBanners analysis={search.analysis} />
      </div>
      <div className="mt-6">
        <ResultsView
          results={search.results}
          onToggleSaved={(r) => setSaved.mutate({ id: r.id, isSaved: !r.isSaved })}
        />
      </div>
      <SearchProgressOverlay state={state} onCancel={cancel} />
    </div>
  );
}
