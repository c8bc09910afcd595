import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { useSetSaved } from '#client/features/searches/api/searches-mutations.ts';
import { savedResultsQueryOptions } from '#client/features/searches/api/searches-queries.ts';
import { ProjectsPanel } from '#client/features/searches/components/projects-panel.tsx';
import { categoryLabel } from '#client/features/searches/components/result-card.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /saved: saved opportunities and projects. */
export function SavedPage() {
  usePageMeta('Saved', 'Your saved opportunities and projects.');
  const saved = useQuery(savedResultsQueryOptions());
  const setSaved = useSetSaved();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">Saved Results</h1>
      {saved.data && saved.data.length === 0 ? (
        <p className="mt-4 text-muted-foreground">Save an opportunity from a search to find it here.</p>
      ) : null}
      <ul className="mt-4 space-y-3">
        {(saved.data ?? []).map((r) => (
          <li key={r.id} className="flex flex-wrap items-start justify-between gap-2 rounded-lg border p-3">
            <div className="min-w-0 flex-1">
              <Link to={paths.searchResult.href(r.id)} className="font-semibold hover:underline">
                {r.title}
              </Link>
              <p className="text-xs text-muted-foreground">
                {categoryLabel(r.category)} · opportunity {r.opportunityScore.toFixed(1)} · from{' '}
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
      <ProjectsPanel />
    </div>
  );
}
