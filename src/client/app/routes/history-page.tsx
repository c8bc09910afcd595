import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageParam } from '#client/components/navigation/page-param.ts';
import { Pagination } from '#client/components/navigation/pagination.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { useDeleteSearch, useSetFavorite } from '#client/features/searches/api/searches-mutations.ts';
import { searchListQueryOptions } from '#client/features/searches/api/searches-api.ts';
import { countOf, formatDate } from '#client/lib/format.ts';
import { RerunButton } from '#client/features/searches/components/rerun-button.tsx';
import { SearchProgressOverlay } from '#client/features/searches/components/search-progress-overlay.tsx';
import { useRunSearch } from '#client/features/searches/hooks/use-run-search.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { ExportControls } from '#client/app/export-controls.tsx';

const PAGE_SIZE = 20;
const inputClass = 'min-h-11 rounded-md border bg-background px-3';

/**
 * /history: search, filter by date, favourite, delete, re-run; older searches beyond the plan are
 * hidden, and said so. The filters and the page are in the URL (a reload or Back keeps them).
 */
export function HistoryPage() {
  usePageMeta('History', 'Your past market-gap searches.');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  // The text field keeps its own value while typing (URL updates may arrive a render later).
  const [qDraft, setQDraft] = useState(q);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const favoritesOnly = params.get('favorites') === 'true';
  const page = usePageParam();
  const list = useQuery({
    ...searchListQueryOptions({
      page,
      pageSize: PAGE_SIZE,
      q: q || undefined,
      from: from || undefined,
      to: to || undefined,
      favorites: favoritesOnly ? 'true' : undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const setFavorite = useSetFavorite();
  const remove = useDeleteSearch();
  const { state, rerun, cancel } = useRunSearch();
  const data = list.data;
  /** Changes one filter and goes back to the first page. */
  const setFilter = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">Search History</h1>
      <div className="mt-3">
        <ExportControls />
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-3 text-sm" role="group" aria-label="Filter history">
        <label className="flex flex-col gap-1">
          Search your history
          <input
            type="search"
            className={inputClass}
            value={qDraft}
            onChange={(e) => {
              setQDraft(e.target.value);
              setFilter('q', e.target.value);
            }}
          />
        </label>
        <label className="flex flex-col gap-1">
          From
          <input type="date" className={inputClass} value={from} onChange={(e) => setFilter('from', e.target.value)} />
        </label>
        <label className="flex flex-col gap-1">
          To
          <input type="date" className={inputClass} value={to} onChange={(e) => setFilter('to', e.target.value)} />
        </label>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            className="size-4"
            checked={favoritesOnly}
            onChange={(e) => setFilter('favorites', e.target.checked ? 'true' : '')}
          />
          Favourites only
        </label>
      </div>
      {data && data.hiddenOlderCount > 0 ? (
        <p role="note" className="mt-4 rounded-lg border bg-accent p-3 text-sm text-accent-foreground">
          {data.hiddenOlderCount} {data.hiddenOlderCount === 1 ? 'search is' : 'searches are'} older than{' '}
          {data.historyDays} days and hidden on the Free plan (not deleted).{' '}
          <Link to={paths.subscribe.href()} className="underline">
            Upgrade to see your full history.
          </Link>
        </p>
      ) : null}
      {data && data.items.length === 0 ? <p className="mt-6 text-muted-foreground">No searches found.</p> : null}
      <ul className="mt-4 divide-y rounded-lg border">
        {(data?.items ?? []).map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
            {/* Phones: the query gets the whole row (up to two lines) and the buttons wrap below it. */}
            <Link
              to={paths.search.href(s.id)}
              className="min-h-11 min-w-0 basis-full hover:underline sm:flex-1 sm:basis-0"
            >
              <span className="line-clamp-2 font-medium break-words">{s.query}</span>
              <span className="text-xs text-muted-foreground">
                {formatDate(s.timestamp)} · {countOf(s.resultsCount, 'opportunity', 'opportunities')}
                {s.status === 'insufficient_data' ? ' · insufficient data' : ''}
                {s.imported ? (s.imported.verified ? ' · imported' : ' · imported, not verified') : ''}
              </span>
            </Link>
            <Button
              variant="ghost"
              size="icon"
              aria-pressed={s.isFavorite}
              aria-label={s.isFavorite ? `Remove ${s.query} from favourites` : `Add ${s.query} to favourites`}
              onClick={() => setFavorite.mutate({ id: s.id, isFavorite: !s.isFavorite })}
            >
              <Star aria-hidden="true" className={s.isFavorite ? 'fill-current' : undefined} />
            </Button>
            {s.imported ? null : <RerunButton size="sm" query={s.query} onRerun={() => rerun(s.id)} />}
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${s.query}`}
              onClick={() => {
                if (window.confirm('Delete this search and its results?')) remove.mutate(s.id);
              }}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <Pagination hasMore={data?.hasMore ?? false} />
      <SearchProgressOverlay state={state} onCancel={cancel} />
    </div>
  );
}
