import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { RESOURCE_TYPE_LABELS } from '#shared/resources/resources.schemas.ts';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { taskRecommendationsQueryOptions } from '../api/resources-api.ts';

/**
 * "Helpful resources" on an action-plan task: library entries of the task's phase whose words fit its
 * title. Asked for only when opened, so a plan of many tasks costs no requests until then.
 */
export function TaskResources({ taskId, taskTitle }: { taskId: number; taskTitle: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const recommendations = useQuery({ ...taskRecommendationsQueryOptions(taskId), enabled: isOpen });
  const items = recommendations.data?.items ?? [];
  return (
    <details className="mt-1 text-sm" onToggle={(event) => setIsOpen(event.currentTarget.open)}>
      <summary
        className="inline-flex min-h-11 cursor-pointer items-center"
        aria-label={`Helpful resources for “${taskTitle}”`}
      >
        Helpful resources
      </summary>
      {recommendations.isPending && isOpen ? <p className="text-muted-foreground">Finding resources…</p> : null}
      {recommendations.isError ? <p role="alert">The resources could not be loaded.</p> : null}
      {recommendations.isSuccess && items.length === 0 ? (
        <p className="text-muted-foreground">No resource in the library fits this task yet.</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="mt-1 space-y-1">
          {items.map((r) => (
            <li key={r.id} className="break-words">
              <Link to={paths.resource.href(r.id)} className={textLinkClass}>
                {r.title}
              </Link>{' '}
              <span className="text-muted-foreground">
                {RESOURCE_TYPE_LABELS[r.resourceType]} · {r.estimatedTimeMinutes} min{r.isLocked ? ' · Pro' : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
