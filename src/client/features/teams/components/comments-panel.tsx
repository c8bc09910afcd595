import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
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

export function CommentsPanel({ subject, canComment, opportunityTitle }: Props) {
  const comments = useQuery(commentsQueryOptions(subject));
  const add = useAddComment(subject);
  const headingId = useId();
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
        <CommentForm
          label="Add a comment"
          submitLabel="Comment"
          isBusy={add.isPending}
          serverError={add.error}
          onSubmit={(content, reset) => add.mutate({ content }, { onSuccess: reset })}
        />
      ) : (
        <p className="rounded-md bg-muted p-3 text-sm">
          You can read the comments here but not add any: whoever shared this did not allow comments for you.
        </p>
      )}
    </section>
  );
}
