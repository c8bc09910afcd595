import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ResourceSearchQuery } from '#shared/resources/resources.schemas.ts';
import { usePageParam } from '#client/components/navigation/page-param.ts';
import { Pagination } from '#client/components/navigation/pagination.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { resourceSearchQueryOptions } from '#client/features/resources/api/resources-api.ts';
import { ResourceCard } from '#client/features/resources/components/resource-card.tsx';
import { ResourceFilters, type LibraryFilters } from '#client/features/resources/components/resource-filters.tsx';
import { HelpLink } from '#client/features/help/components/help-link.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

const FILTER_KEYS = ['category', 'type', 'phase', 'ideaType', 'difficulty', 'maxMinutes', 'sort'] as const;

/** /resources: the library, searched and filtered; every choice lives in the URL. */
export function ResourcesPage() {
  usePageMeta(
    'Resource library',
    'Guides, templates, tools and public data sources for each phase of building a company.',
  );
  const [params, setParams] = useSearchParams();
  const page = usePageParam();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as LibraryFilters;
  if (!filters.sort) filters.sort = 'relevance';

  const query: ResourceSearchQuery = { page, pageSize: 20 };
  if (q) query.q = q;
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) (query as Record<string, unknown>)[key] = value;
  }
  const result = useQuery(resourceSearchQueryOptions(query));

  const update = (patch: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(patch)) {
        if (value && !(key === 'sort' && value === 'relevance')) next.set(key, value);
        else next.delete(key);
      }
      next.delete('page');
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim() });
  };
  const activeFilters = FILTER_KEYS.filter((k) => k !== 'sort' && params.get(k)).length;
  const total = result.data?.total ?? 0;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Resource library</h1>
        <HelpLink page="resources" />
      </div>
      <p className="mt-1 text-muted-foreground">
        Free, well-known guides, templates, tools and public data sources for each phase of building a company. Each
        names its publisher and when it was last checked.{' '}
        <Link to={paths.bookmarks.href()} className={textLinkClass}>
          My bookmarks
        </Link>{' '}
        ·{' '}
        <Link to={paths.contributions.href()} className={textLinkClass}>
          Suggest a resource
        </Link>
      </p>
      <form role="search" aria-label="Resource library" onSubmit={submit} className="mt-4 flex gap-2">
        <label htmlFor="resource-search" className="sr-only">
          Search the library
        </label>
        <input
          id="resource-search"
          type="search"
          data-search-input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Search guides, tools, data sources…"
          className="min-h-11 min-w-0 flex-1 rounded-md border bg-background px-3 py-2 text-base"
          maxLength={10_000}
        />
        <Button type="submit">Search</Button>
      </form>
      <details className="mt-3 rounded-lg border p-3" open={activeFilters > 0 || undefined}>
        <summary className="flex min-h-11 cursor-pointer items-center font-medium">
          Filters and sort{activeFilters > 0 ? ` (${activeFilters} active)` : ''}
        </summary>
        <div className="mt-3">
          <ResourceFilters filters={filters} onChange={(patch) => update(patch)} />
          {activeFilters > 0 ? (
            <Button
              variant="outline"
              className="mt-3"
              onClick={() => update(Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])))}
            >
              Clear all filters
            </Button>
          ) : null}
        </div>
      </details>
      <p className="mt-4 text-sm text-muted-foreground" role="status" aria-live="polite">
        {result.isPending ? 'Loading…' : `${total} ${total === 1 ? 'resource' : 'resources'}${q ? ` for “${q}”` : ''}`}
      </p>
      {result.isError ? (
        <p className="mt-2 text-destructive">The library could not be loaded. Please try again.</p>
      ) : null}
      {result.data && result.data.items.length === 0 ? (
        <p className="mt-2">Nothing matches. Try fewer words or clear the filters.</p>
      ) : null}
      <ul className="mt-3 grid gap-3">
        {(result.data?.items ?? []).map((r) => (
          <li key={r.id}>
            <ResourceCard resource={r} />
          </li>
        ))}
      </ul>
      <Pagination hasMore={result.data?.hasMore ?? false} label="Library pages" />
    </div>
  );
}
