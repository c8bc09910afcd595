import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { IDEA_STATUS_LABELS } from '#shared/ideas/idea-labels.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { formatDate } from '#client/lib/format.ts';
import { ideasQueryOptions, useDeleteIdea } from '../api/ideas-api.ts';
import { errorMessage } from '../idea-format.ts';

/** The user's ideas, newest change first; pick two to compare. */
export function IdeasList(props: { onCompare: (pair: [number, number]) => void }) {
  const ideas = useQuery(ideasQueryOptions());
  const remove = useDeleteIdea();
  const [picked, setPicked] = useState<number[]>([]);
  if (ideas.isPending) return <Spinner className="py-8" label="Loading your ideas" />;
  if (ideas.isError) return <p role="alert">{errorMessage(ideas.error)}</p>;
  const items = ideas.data.items;
  return (
    <section aria-labelledby="ideas-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="ideas-heading" className="text-xl font-semibold">
          Your ideas
        </h2>
        <Button
          variant="outline"
          disabled={picked.length !== 2}
          onClick={() => picked.length === 2 && props.onCompare([picked[0]!, picked[1]!])}
        >
          Compare the two chosen
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No ideas yet: describe one above to validate it.</p>
      ) : (
        <ul className="grid gap-2">
          {items.map((idea) => (
            <li key={idea.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
              <label className="inline-flex min-h-11 min-w-11 items-center justify-center">
                <input
                  type="checkbox"
                  className="size-5"
                  aria-label={`Choose “${idea.title}” to compare`}
                  checked={picked.includes(idea.id)}
                  disabled={!picked.includes(idea.id) && picked.length >= 2}
                  onChange={(e) =>
                    setPicked((p) => (e.target.checked ? [...p, idea.id] : p.filter((id) => id !== idea.id)))
                  }
                />
              </label>
              <div className="min-w-0 flex-1">
                <Link
                  to={paths.validateIdea.href({ idea: idea.id })}
                  className={`${textLinkClass} font-medium break-words`}
                >
                  {idea.title}
                </Link>
                <p className="text-xs text-muted-foreground">
                  {IDEA_STATUS_LABELS[idea.status]}
                  {idea.isStale && ' (edited since validation)'} · overall {idea.overallScore ?? '—'} · changed{' '}
                  {formatDate(idea.updatedAt)}
                </p>
              </div>
              <Button
                variant="ghost"
                aria-label={`Delete “${idea.title}”`}
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(`Delete “${idea.title}”? This cannot be undone.`)) remove.mutate(idea.id);
                }}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
