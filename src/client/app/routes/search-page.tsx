import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { PhoneDisclosure } from '#client/components/ui/phone-disclosure.tsx';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useSetFavorite, useSetSaved } from '#client/features/searches/api/searches-mutations.ts';
import { searchDetailQueryOptions } from '#client/features/searches/api/searches-api.ts';
import { AnalysisBanners } from '#client/features/searches/components/analysis-banners.tsx';
import { computationDetails } from '#client/features/searches/provenance.ts';
import { activeFilterChips } from '#client/features/searches/active-filters.ts';
import { RerunButton } from '#client/features/searches/components/rerun-button.tsx';
import { countOf, formatDate } from '#client/lib/format.ts';
import { ResultsView } from '#client/features/searches/components/results-view.tsx';
import { MarketMap } from '#client/features/searches/components/market-map.tsx';
import { SearchProgressOverlay } from '#client/features/searches/components/search-progress-overlay.tsx';
import { useRunSearch } from '#client/features/searches/hooks/use-run-search.ts';
import { HelpfulResources } from '#client/features/resources/components/helpful-resources.tsx';
import { ResearchMarketLink } from '#client/features/market-research/components/research-market-link.tsx';
import { HelpLink } from '#client/features/help/components/help-link.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { ShareDialog } from '#client/features/sharing/components/share-dialog.tsx';
import { ExportControls } from '#client/app/export-controls.tsx';
import { TeamShareButton } from '#client/app/team-share-button.tsx';
import { CommentsPanel } from '#client/features/teams/components/comments-panel.tsx';
import { WatchToggle } from '#client/features/watches/components/watch-toggle.tsx';
import { WhatChanged } from '#client/features/watches/components/what-changed.tsx';
import type { ImportedFrom } from '#shared/searches/search.schemas.ts';

/** An imported copy says so: read-only, when it first ran, and whether its signature verified here. */
function ImportedNote({ imported }: { imported: ImportedFrom }) {
  return (
    <p
      role="note"
      className={`mt-4 rounded-lg border p-3 text-sm ${imported.verified ? 'bg-accent text-accent-foreground' : 'border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50'}`}
    >
      <strong>{imported.verified ? 'Imported' : 'Imported, not verified'}</strong>: a read-only copy of an analysis that
      ran on {formatDate(imported.analysedAt)}, imported on {formatDate(imported.importedAt)}.{' '}
      {imported.verified
        ? 'Its signature matches this server, so it is unchanged since export.'
        : 'Its signature does not match this server: it came from another server or was changed after export, so treat its contents with care.'}{' '}
      Run a new search for this market to get your own analysis.
    </p>
  );
}

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

  const filterLabels = activeFilterChips(search.filters).map((chip) => chip.label);
  const isEmpty = search.results.length === 0;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="min-w-0">
        <div className="flex items-start gap-2">
          <h1 className="text-2xl font-bold break-words">{search.query}</h1>
          <HelpLink page="search" />
        </div>
        <p className="text-sm text-muted-foreground">
          {formatDate(search.timestamp)} · {countOf(search.results.length, 'opportunity', 'opportunities')}
        </p>
        <p className="text-sm text-muted-foreground">
          {filterLabels.length > 0 ? `Searched with: ${filterLabels.join(' · ')}` : 'Searched with no filters'}
        </p>
      </div>
      {/* On a phone the actions fold behind one toggle, so the first result is within the first screen (issue 29). */}
      <PhoneDisclosure label="Save, share and export" className="mt-4">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            aria-pressed={search.isFavorite}
            onClick={() => setFavorite.mutate({ id: search.id, isFavorite: !search.isFavorite })}
          >
            <Star aria-hidden="true" className={search.isFavorite ? 'fill-current' : undefined} />
            {search.isFavorite ? 'Favourite' : 'Add to favourites'}
          </Button>
          {search.imported ? null : <RerunButton query={search.query} onRerun={() => rerun(search.id)} />}
          <WatchToggle searchId={search.id} />
          <ResearchMarketLink searchId={search.id} market={search.query} />
          <ShareDialog searchId={search.id} query={search.query} />
          {search.imported ? null : (
            <TeamShareButton subject={{ kind: 'analysis', id: search.id }} title={search.query} isOwner />
          )}
        </div>
        <div className="mt-3">
          <ExportControls searchId={search.id} />
        </div>
      </PhoneDisclosure>
      {search.imported ? <ImportedNote imported={search.imported} /> : null}
      <div className="mt-4">
        <AnalysisBanners analysis={search.analysis} resultCount={search.results.length} />
      </div>
      {isEmpty ? (
        <section aria-labelledby="no-results-title" className="mt-6 rounded-lg border bg-card p-6">
          <h2 id="no-results-title" className="text-lg font-semibold">
            No opportunities found
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">
            Nothing in the data matched this market closely enough to score.
            {filterLabels.length > 0 ? ' The filters above narrowed what could match.' : ''} Try a broader description
            (the kind of customer and the problem, in everyday words).
          </p>
        </section>
      ) : (
        <>
          {/* The market map: above the results from 640 px, below them on a phone, where the first result must
              stay in the first screen (issue 29). Only one of the two is displayed, so only one is in the
              accessibility tree and the tab order. */}
          <div className="mt-6 hidden sm:block">
            <MarketMap results={search.results} />
          </div>
          <div className="mt-6">
            <ResultsView
              results={search.results}
              searchOrder={search.filters}
              onToggleSaved={(r) => setSaved.mutate({ id: r.id, isSaved: !r.isSaved })}
            />
          </div>
          <div className="mt-6 sm:hidden">
            <MarketMap results={search.results} />
          </div>
        </>
      )}
      <WhatChanged searchId={search.id} />
      <CommentsPanel
        subject={{ kind: 'analysis', id: search.id }}
        canComment
        opportunityTitle={(resultId) => search.results.find((r) => r.id === resultId)?.title}
        opportunities={search.results}
      />
      <HelpfulResources searchId={search.id} />
      <details className="mt-8 rounded-lg border p-3 text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-medium">How this was computed</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
          {computationDetails(search.analysis).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </details>
      <SearchProgressOverlay state={state} onCancel={cancel} />
    </div>
  );
}
