import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  DIFFICULTY_LABELS,
  DIFFICULTY_LEVELS,
  PHASE_LABELS,
  RESOURCE_PHASES,
  RESOURCE_TYPE_LABELS,
  RESOURCE_TYPES,
  type ContributionDto,
  type DifficultyLevel,
  type ResourcePhase,
  type ResourceType,
} from '#shared/resources/resources.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-error.ts';
import { categoriesQueryOptions, reviewQueueQueryOptions, useReviewContribution } from '../api/resources-api.ts';

const fieldClass = 'min-h-11 w-full rounded-md border bg-background px-3 py-2 text-base';

function PendingItem({ item }: { item: ContributionDto }) {
  const categories = useQuery(categoriesQueryOptions()).data?.categories ?? [];
  const [categoryId, setCategoryId] = useState(String(item.suggestedCategory?.id ?? ''));
  const [type, setType] = useState<ResourceType>('guide');
  const [phases, setPhases] = useState<ResourcePhase[]>(['research']);
  const [difficulty, setDifficulty] = useState<DifficultyLevel>('beginner');
  const [minutes, setMinutes] = useState('15');
  const [notes, setNotes] = useState('');
  const review = useReviewContribution();
  const error = isApiError(review.error) ? (Object.values(review.error.fieldErrors)[0] ?? review.error.message) : null;
  const id = `review-${item.id}`;
  const approve = () =>
    review.mutate({
      id: item.id,
      review: {
        decision: 'approve',
        categoryId: Number(categoryId),
        resourceType: type,
        phaseRelevance: phases,
        ideaTypes: [],
        difficultyLevel: difficulty,
        estimatedTimeMinutes: Number(minutes),
        ...(notes.trim() ? { adminNotes: notes.trim() } : {}),
      },
    });
  return (
    <li className="rounded-lg border p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        {item.title}
      </h3>
      <p className="text-sm break-all">
        <a href={item.url} target="_blank" rel="noopener noreferrer" className="underline">
          {item.url}
        </a>
      </p>
      <p className="mt-1 text-sm">{item.description}</p>
      <p className="text-xs text-muted-foreground">
        Suggested by {item.contributorName ?? 'a user'}
        {item.suggestedTags.length ? ` · tags: ${item.suggestedTags.join(', ')}` : ''}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor={`${id}-category`} className="text-sm font-medium">
            Category
          </label>
          <select
            id={`${id}-category`}
            className={fieldClass}
            value={categoryId}
            onChange={(e) => setCategoryId(e.target.value)}
          >
            <option value="">Choose…</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-type`} className="text-sm font-medium">
            Type
          </label>
          <select
            id={`${id}-type`}
            className={fieldClass}
            value={type}
            onChange={(e) => setType(e.target.value as ResourceType)}
          >
            {RESOURCE_TYPES.map((t) => (
              <option key={t} value={t}>
                {RESOURCE_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-difficulty`} className="text-sm font-medium">
            Difficulty
          </label>
          <select
            id={`${id}-difficulty`}
            className={fieldClass}
            value={difficulty}
            onChange={(e) => setDifficulty(e.target.value as DifficultyLevel)}
          >
            {DIFFICULTY_LEVELS.map((d) => (
              <option key={d} value={d}>
                {DIFFICULTY_LABELS[d]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-minutes`} className="text-sm font-medium">
            Time (minutes)
          </label>
          <input
            id={`${id}-minutes`}
            type="number"
            min={1}
            className={fieldClass}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
          />
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium">Phases</legend>
          <div className="flex flex-wrap gap-3">
            {RESOURCE_PHASES.map((p) => (
              <label key={p} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={phases.includes(p)}
                  onChange={(e) => setPhases((cur) => (e.target.checked ? [...cur, p] : cur.filter((x) => x !== p)))}
                />
                {PHASE_LABELS[p]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-1 sm:col-span-2">
          <label htmlFor={`${id}-notes`} className="text-sm font-medium">
            Note to the contributor (required to reject)
          </label>
          <textarea
            id={`${id}-notes`}
            rows={2}
            className={fieldClass}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </div>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={approve} disabled={review.isPending || !categoryId || phases.length === 0}>
          Approve<span className="sr-only"> {item.title}</span>
        </Button>
        <Button
          variant="outline"
          disabled={review.isPending}
          onClick={() => review.mutate({ id: item.id, review: { decision: 'reject', adminNotes: notes.trim() } })}
        >
          Reject<span className="sr-only"> {item.title}</span>
        </Button>
      </div>
    </li>
  );
}

/** The admin review queue: pending suggestions, oldest first. */
export function ReviewQueue() {
  const queue = useQuery(reviewQueueQueryOptions());
  const items = queue.data?.items ?? [];
  return (
    <section aria-labelledby="queue-heading" className="mt-8">
      <h2 id="queue-heading" className="text-xl font-semibold">
        Review queue (admin)
      </h2>
      {queue.data && items.length === 0 ? (
        <p className="mt-2 text-muted-foreground">No suggestions are waiting.</p>
      ) : null}
      <ul className="mt-3 grid gap-3">
        {items.map((item) => (
          <PendingItem key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}
