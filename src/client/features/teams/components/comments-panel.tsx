import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type { CommentDto } from '#shared/teams/collaboration.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { commentsQueryOptions, useAddComment, type Subject } from '../api/collaboration-api.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentItem } from './comment-item.tsx';

// Comments on an analysis or an idea (issue 18): threads, newest thread last, with a box for a new
// comment when the person may comment and a read-only note when they may not.

type Props = {
  subject: Subject;
  canComment: boolean;
  opportunityTitle?: (id: number) => string | undefined;
  /** An analysis's opportunities: a new comment may be about one of them. */
  opportunities?: { id: number; title: string }[];
};

function threads(items: CommentDto[]): Map<number | null, CommentDto[]> {
  const byParent = new Map<number | null, CommentDto[]>();
  const ids = new Set(items.map((c) => c.id));
  for (const comment of items) {
    // A reply whose parent is gone (deleted meanwhile) shows at the top level rather than vanishing.
    const parent = comment.parentId !== null && ids.has(comment.parentId) ? comment.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), comment]);
  }
  return byParent;
}

export function CommentsPanel({ subject, canComment, opportunityTitle, opportunities = [] }: Props) {
  const comments = useQuery(commentsQueryOptions(subject));
  const add = useAddComment(subject);
  const headingId = useId();
  const topicId = useId();
  const [topic, setTopic] = useState('');
  const { hash } = useLocation();
  // A notification's link (…#comment-12): bring that comment into view once the list is drawn.
  useEffect(() => {
    if (!comments.data || !hash.startsWith('#comment-')) return;
    const target = document.getElementById(hash.slice(1));
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [comments.data, hash]);
  const byParent = useMemo(() => threads(comments.data?.items ?? []), [comments.data]);
  const roots = byParent.get(null) ?? [];
  const count = comments.data?.items.length ?? 0;

  return (
    <section aria-labelledby={headingId} className="mt-8 grid gap-4 rounded-lg border p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        Comments{count > 0 ? ` (${count})` : ''}
      </h2>
      {comments.isPending ? <Spinner label="Loading the comments" /> : null}
      {comments.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="text-destructive">The comments could not be loaded: {comments.error.message}</p>
          <Button size="sm" variant="outline" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {comments.isSuccess && roots.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No comments yet.{canComment ? ' Start the conversation below.' : ''}
        </p>
      ) : null}
      {roots.length > 0 ? (
        <ul className="grid gap-3" aria-label="Comment threads">
          {roots.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              replies={byParent}
              subject={subject}
              canComment={canComment}
              depth={0}
              opportunityTitle={opportunityTitle}
            />
          ))}
        </ul>
      ) : null}
      {canComment ? (
        <div className="grid gap-2">
          {opportunities.length > 0 ? (
            <div className="grid gap-1">
              <label htmlFor={topicId} className="text-sm font-medium">
                About
              </label>
              <select
                id={topicId}
                value={topic}
                onChange={(e) => setTopic(e.target.value)}
                className="min-h-11 w-full min-w-0 rounded-md border bg-background px-2 text-sm"
              >
                <option value="">The whole analysis</option>
                {opportunities.map((o) => (
                  <option key={o.id} value={String(o.id)}>
                    {o.title}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <CommentForm
            label="Add a comment"
            submitLabel="Comment"
            isBusy={add.isPending}
            serverError={add.error}
            onSubmit={(content, reset) =>
              add.mutate(topic ? { content, opportunityId: Number(topic) } : { content }, { onSuccess: reset })
            }
          />
        </div>
      ) : (
        <p className="rounded-md bg-muted p-3 text-sm">
          You can read the comments here but not add any: whoever shared this did not allow comments for you.
        </p>
      )}
    </section>
  );
}
