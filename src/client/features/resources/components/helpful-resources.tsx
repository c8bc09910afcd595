import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '#client/config/paths.ts';
import { recommendationsQueryOptions } from '../api/resources-api.ts';
import { ResourceCard } from './resource-card.tsx';

/** "Helpful resources" for an analysis: library entries whose phase and words fit it. */
export function HelpfulResources({ searchId }: { searchId: number }) {
  const recommendations = useQuery(recommendationsQueryOptions(searchId));
  const items = recommendations.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="helpful-resources-title" className="mt-8">
      <h2 id="helpful-resources-title" className="text-lg font-semibold">
        Helpful resources
      </h2>
      <p className="text-sm text-muted-foreground">
        Guides and data sources from the{' '}
        <Link to={paths.resources.href()} className="inline-link underline">
          resource library
        </Link>{' '}
        for researching and validating this market.
      </p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {items.map((r) => (
          <li key={r.id}>
            <ResourceCard resource={r} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
