import { Link } from 'react-router';
import type { SearchListItem } from '#shared/searches/search.schemas.ts';
import { paths } from '#client/config/paths.ts';
import { formatDate } from '#client/lib/format.ts';

/** docs/product/screens.md: up to 5 recent searches, query and date; a click opens /search/{id}. */
export function RecentDiscoveries({ items }: { items: SearchListItem[] | undefined }) {
  return (
    <section aria-labelledby="recent-title" data-tour="results" className="mt-8">
      <h2 id="recent-title" className="text-lg font-semibold">
        Recent Discoveries
      </h2>
      {items && items.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Your searches will appear here.</p>
      ) : null}
      <ul className="mt-2 divide-y rounded-lg border">
        {(items ?? []).map((s) => (
          <li key={s.id}>
            <Link
              to={paths.search.href(s.id)}
              className="flex min-h-11 items-center justify-between gap-4 px-4 py-2 hover:bg-muted"
            >
              <span className="truncate">{s.query}</span>
              <time dateTime={s.timestamp} className="shrink-0 text-sm text-muted-foreground">
                {formatDate(s.timestamp)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
