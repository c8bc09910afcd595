import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { categoryLabel } from '#shared/searches/filter-options.ts';
import { usePageParam } from '#client/components/navigation/page-param.ts';
import { Pagination } from '#client/components/navigation/pagination.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { ProjectsPanel } from '#client/features/projects/components/projects-panel.tsx';
import { useSetSaved } from '#client/features/searches/api/searches-mutations.ts';
import { savedResultsQueryOptions, searchListQueryOptions } from '#client/features/searches/api/searches-api.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { formatScoreOutOf } from '#shared/app/score-format.ts';

const ANALYSES_OFFERED = 50;

/** /saved: saved opportunities (a page at a time) and projects. */
export function SavedPage() {
  usePageMeta('Saved', 'Your saved opportunities and projects.');
  const page = usePageParam();
  const saved = useQuery(savedResultsQueryOptions(page));
  // The analyses a project can group: the latest ones, offered in each project's "Add an analysis".
  const analyses = useQuery(searchListQueryOptions({ page: 1, pageSize: ANALYSES_OFFERED }));
  const setSaved = useSetSaved();
  const items = saved.data?.items;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">Saved Results</h1>
      {items && items.length === 0 && page === 1 ? (
        <p className="mt-4 text-muted-foreground">Save an opportunity from a search to find it here.</p>
      ) : null}
      <ul className="mt-4 space-y-3">
        {(items ?? []).map((r) => (
          <li key={r.id} className="flex flex-wrap items-start justify-between gap-2 rounded-lg border p-3">
            <div className="min-w-0 flex-1">
              <Link to={paths.searchResult.href(r.id)} className="font-semibold hover:underline">
                {r.title}
              </Link>
              <p className="text-xs text-muted-foreground">
                {categoryLabel(r.category)} · opportunity {formatScoreOutOf(r.opportunityScore)} · from{' '}
                <Link to={paths.search.href(r.search.id)} className="underline">
                  {r.search.query}
                </Link>
              </p>
              <p className="mt-1 text-sm">{r.description}</p>
            </div>
            <Button variant="outline" size="sm" onClick={() => setSaved.mutate({ id: r.id, isSaved: false })}>
              Unsave
            </Button>
          </li>
        ))}
      </ul>
      <Pagination hasMore={saved.data?.hasMore ?? false} label="Saved results pages" />
      <ProjectsPanel analyses={analyses.data?.items ?? []} />
    </div>
  );
}
