import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import {
  DIFFICULTY_LABELS,
  IDEA_TYPE_LABELS,
  PHASE_LABELS,
  RESOURCE_TYPE_LABELS,
} from '#shared/resources/resources.schemas.ts';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { recordAccess, resourceQueryOptions } from '#client/features/resources/api/resources-api.ts';
import { BookmarkForm } from '#client/features/resources/components/bookmark-form.tsx';
import { RatingSection } from '#client/features/resources/components/rating-form.tsx';
import { formatDate } from '#client/lib/format.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /resources/:id: one resource, its link, your bookmark and rating, and the reviews. */
export function ResourcePage() {
  const id = Number(useParams().id);
  const resource = useQuery({ ...resourceQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  usePageMeta(resource.data?.title ?? 'Resource', 'A resource from the Unbuilt library.');
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (resource.data && recorded.current !== resource.data.id) {
      recorded.current = resource.data.id;
      recordAccess(resource.data.id, 'view');
    }
  }, [resource.data]);

  if (resource.isError) return <ErrorScreen error={resource.error} onRetry={() => void resource.refetch()} />;
  const r = resource.data;
  if (!r) return <p className="px-4 py-8 text-center text-muted-foreground">Loading…</p>;
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-4 px-4 py-8 break-words">
      <p>
        <Link to={paths.resources.href()} className={textLinkClass}>
          ← Resource library
        </Link>
      </p>
      <header>
        <h1 className="text-2xl font-bold">{r.title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {RESOURCE_TYPE_LABELS[r.resourceType]}
          {r.category ? ` · ${r.category.name}` : ''}
          {r.attribution ? ` · by ${r.attribution}` : ''}
          {r.lastCheckedAt ? ` · last checked ${formatDate(r.lastCheckedAt, 'long')}` : ''}
        </p>
      </header>
      {r.isLocked ? (
        <section aria-labelledby="locked-heading" className="rounded-lg border border-primary p-4">
          <h2 id="locked-heading" className="text-lg font-semibold">
            This is a Pro resource
          </h2>
          <p className="mt-1 text-sm">Upgrade to Pro to open it, bookmark it and rate it.</p>
          <Button asChild className="mt-3">
            <Link to={paths.subscribe.href()}>View plans</Link>
          </Button>
        </section>
      ) : (
        <>
          <p>{r.description}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Phases</dt>
            <dd>{r.phaseRelevance.map((p) => PHASE_LABELS[p]).join(', ')}</dd>
            <dt className="font-medium">Idea types</dt>
            <dd>{r.ideaTypes.map((t) => IDEA_TYPE_LABELS[t]).join(', ') || 'Any'}</dd>
            <dt className="font-medium">Difficulty</dt>
            <dd>{DIFFICULTY_LABELS[r.difficultyLevel]}</dd>
            <dt className="font-medium">Time</dt>
            <dd>about {r.estimatedTimeMinutes} minutes</dd>
            {r.tags.length > 0 ? (
              <>
                <dt className="font-medium">Tags</dt>
                <dd>{r.tags.join(', ')}</dd>
              </>
            ) : null}
          </dl>
          {r.url ? (
            <Button asChild className="justify-self-start">
              <a
                href={r.url}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => recordAccess(r.id, 'external_link')}
              >
                Open resource<span className="sr-only"> (opens {new URL(r.url).hostname} in a new tab)</span>
              </a>
            </Button>
          ) : null}
          {r.url ? (
            <p className="-mt-2 text-sm text-muted-foreground">Opens {new URL(r.url).hostname} in a new tab.</p>
          ) : null}
          <BookmarkForm key={`bookmark-${r.id}`} resource={r} />
          <RatingSection key={`rating-${r.id}`} resource={r} />
        </>
      )}
    </div>
  );
}
