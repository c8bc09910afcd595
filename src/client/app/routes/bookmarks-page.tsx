import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { bookmarksQueryOptions, useRemoveBookmark } from '#client/features/resources/api/resources-api.ts';
import { ResourceCard } from '#client/features/resources/components/resource-card.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /bookmarks: my bookmarked resources with their notes and tags (filter by one of my tags). */
export function BookmarksPage() {
  usePageMeta('Bookmarks', 'The resources you bookmarked, with your notes and tags.');
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag');
  const bookmarks = useQuery(bookmarksQueryOptions(tag));
  const remove = useRemoveBookmark();
  const items = bookmarks.data?.items ?? [];
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">Bookmarks</h1>
      {tag ? (
        <p className="mt-2 flex flex-wrap items-center gap-2">
          Showing bookmarks tagged “{tag}”.
          <Button variant="outline" size="sm" onClick={() => setParams({})}>
            Show all bookmarks
          </Button>
        </p>
      ) : null}
      {bookmarks.data && items.length === 0 ? (
        <p className="mt-4 text-muted-foreground">
          Nothing bookmarked yet. Find something useful in the{' '}
          <Link to={paths.resources.href()} className={textLinkClass}>
            resource library
          </Link>
          .
        </p>
      ) : null}
      <ul className="mt-4 grid gap-4">
        {items.map((b) => (
          <li key={b.id} className="grid gap-2">
            <ResourceCard resource={b.resource} />
            <div className="flex flex-wrap items-center gap-2 px-1 text-sm">
              {b.notes ? <p className="w-full whitespace-pre-wrap">Note: {b.notes}</p> : null}
              {b.customTags.map((t) => (
                <Button
                  key={t}
                  variant="secondary"
                  size="sm"
                  onClick={() => setParams({ tag: t })}
                  aria-label={`Show bookmarks tagged ${t}`}
                >
                  #{t}
                </Button>
              ))}
              <Button variant="outline" size="sm" className="ml-auto" onClick={() => remove.mutate(b.resourceId)}>
                Remove<span className="sr-only"> bookmark for {b.resource.title}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
