import { useState } from 'react';
import { REACTION_EMOJI, type CommentDto, type ReactionEmoji } from '#shared/teams/collaboration.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { formatDate } from '#client/lib/format.ts';
import {
  useAddComment,
  useDeleteComment,
  useEditComment,
  useReact,
  useResolveComment,
  type Subject,
} from '../api/collaboration-api.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentText } from './comment-text.tsx';

// One comment with its replies: reply, edit and delete your own, resolve / reopen a thread, and
// reactions. Without canComment everything here is read-only (the server refuses anyway).

const REACTION_NAMES: Record<ReactionEmoji, string> = {
  '👍': 'thumbs up',
  '🎉': 'celebrate',
  '❤️': 'love',
  '🤔': 'thinking',
  '👀': 'looking',
};

type Props = {
  comment: CommentDto;
  replies: Map<number | null, CommentDto[]>;
  subject: Subject;
  canComment: boolean;
  depth: number;
  /** The title of the opportunity a comment is about, when it names one. */
  opportunityTitle?: (id: number) => string | undefined;
};

export function CommentItem(props: Props) {
  const { comment, subject, canComment } = props;
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view');
  const edit = useEditComment(subject);
  const remove = useDeleteComment(subject);
  const resolve = useResolveComment(subject);
  const react = useReact(subject);
  const reply = useAddComment(subject);
  const children = props.replies.get(comment.id) ?? [];
  const about = comment.opportunityId ? props.opportunityTitle?.(comment.opportunityId) : undefined;
  const error = remove.error ?? resolve.error ?? react.error;

  return (
    <li className={props.depth > 0 ? 'border-l-2 pl-3' : ''}>
      <article
        id={`comment-${String(comment.id)}`}
        tabIndex={-1}
        aria-label={`Comment by ${comment.author}`}
        className={`grid scroll-mt-24 gap-2 rounded-md border p-3 focus-visible:outline-3 focus-visible:outline-ring ${comment.isResolved ? 'bg-muted/50' : 'bg-card'}`}
      >
        <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-medium break-words">{comment.author}</span>
          <span className="text-xs text-muted-foreground">
            {formatDate(comment.createdAt)}
            {comment.editedAt ? ' · edited' : ''}
          </span>
          {comment.isResolved ? (
            <span className="rounded-full bg-muted px-2 text-xs font-medium text-foreground">Resolved</span>
          ) : null}
        </header>
        {about ? <p className="text-xs text-muted-foreground">On “{about}”</p> : null}
        {mode === 'edit' ? (
          <CommentForm
            label="Edit your comment"
            submitLabel="Save"
            initial={comment.content}
            autoFocus
            isBusy={edit.isPending}
            serverError={edit.error}
            onCancel={() => setMode('view')}
            onSubmit={(content) => edit.mutate({ id: comment.id, content }, { onSuccess: () => setMode('view') })}
          />
        ) : (
          <CommentText content={comment.content} />
        )}
        <div className="flex flex-wrap gap-1" role="group" aria-label="Reactions">
          {REACTION_EMOJI.map((emoji) => {
            const reaction = comment.reactions.find((r) => r.emoji === emoji);
            if (!canComment && !reaction) return null;
            const count = reaction?.count ?? 0;
            return (
              <Button
                key={emoji}
                size="sm"
                variant={reaction?.isMine ? 'secondary' : 'ghost'}
                className="min-w-11 px-2"
                aria-pressed={reaction?.isMine ?? false}
                aria-label={`React ${REACTION_NAMES[emoji]} (${count})`}
                disabled={!canComment || react.isPending}
                onClick={() => react.mutate({ id: comment.id, emoji, on: !reaction?.isMine })}
              >
                <span aria-hidden="true">{emoji}</span>
                {count > 0 ? <span aria-hidden="true">{count}</span> : null}
              </Button>
            );
          })}
        </div>
        {canComment && mode === 'view' ? (
          <div className="flex flex-wrap gap-1">
            <Button size="sm" variant="ghost" onClick={() => setMode('reply')}>
              Reply
            </Button>
            {props.depth === 0 ? (
              <Button
                size="sm"
                variant="ghost"
                disabled={resolve.isPending}
                onClick={() => resolve.mutate({ id: comment.id, isResolved: !comment.isResolved })}
              >
                {comment.isResolved ? 'Reopen' : 'Resolve'}
              </Button>
            ) : null}
            {comment.isMine ? (
              <Button size="sm" variant="ghost" onClick={() => setMode('edit')}>
                Edit
              </Button>
            ) : null}
            {comment.isMine ? (
              <Button
                size="sm"
                variant="ghost"
                className="text-destructive"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm('Delete this comment and its replies?')) remove.mutate(comment.id);
                }}
              >
                Delete
              </Button>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error.message}
          </p>
        ) : null}
        {mode === 'reply' ? (
          <CommentForm
            label={`Reply to ${comment.author}`}
            submitLabel="Send reply"
            autoFocus
            isBusy={reply.isPending}
            serverError={reply.error}
            onCancel={() => setMode('view')}
            onSubmit={(content) =>
              reply.mutate({ content, parentId: comment.id }, { onSuccess: () => setMode('view') })
            }
          />
        ) : null}
      </article>
      {children.length > 0 ? (
        <ul className="mt-2 grid gap-2" aria-label={`Replies to ${comment.author}`}>
          {children.map((child) => (
            <CommentItem key={child.id} {...props} comment={child} depth={props.depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
