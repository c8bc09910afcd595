import { Link } from 'react-router';
import {
  DIFFICULTY_LABELS,
  PHASE_LABELS,
  RESOURCE_TYPE_LABELS,
  type ResourceSummary,
} from '#shared/resources/resources.schemas.ts';
import { paths } from '#client/config/paths.ts';

/** One library entry in a list: title (to its page), type, phases, rating, time, and a Pro label when locked. */
export function ResourceCard({ resource, headingLevel = 2 }: { resource: ResourceSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="rounded-lg border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id={`resource-${resource.id}-title`} className="text-base font-semibold">
          <Link to={paths.resource.href(resource.id)} className="inline-flex min-h-11 items-center hover:underline">
            {resource.title}
          </Link>
        </Heading>
        <span className="text-xs text-muted-foreground">
          {RESOURCE_TYPE_LABELS[resource.resourceType]}
          {resource.isPremium ? ' · Pro' : ''}
        </span>
      </div>
      {resource.description ? (
        <p className="mt-1 text-sm">{resource.description}</p>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">Part of the Pro library: upgrade to open it.</p>
      )}
      <p className="mt-2 text-xs text-muted-foreground">
        {resource.attribution ? `${resource.attribution} · ` : ''}
        {resource.phaseRelevance.map((p) => PHASE_LABELS[p]).join(', ')} · {DIFFICULTY_LABELS[resource.difficultyLevel]}{' '}
        · about {resource.estimatedTimeMinutes} min
        {resource.ratingCount > 0
          ? ` · rated ${resource.averageRating.toFixed(1)} of 5 (${resource.ratingCount} ${resource.ratingCount === 1 ? 'rating' : 'ratings'})`
          : ''}
        {resource.isBookmarked ? ' · bookmarked' : ''}
      </p>
    </div>
  );
}
