import { useId, useState, type FormEvent } from 'react';
import { COMMENT_MAX_LENGTH, commentUpdateSchema } from '#shared/teams/collaboration.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-error.ts';

// The box to write a comment, a reply or an edit: the shared schema's rules (1–2000 characters)
// with a live count, the server's own message when it refuses, and how to mention a teammate (ADR 027).

type Props = {
  label: string;
  submitLabel: string;
  initial?: string;
  isBusy: boolean;
  serverError: Error | null;
  onSubmit: (content: string, reset: () => void) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
};

export function CommentForm(props: Props) {
  const [content, setContent] = useState(props.initial ?? '');
  const [error, setError] = useState<string | null>(null);
  const ids = { field: useId(), hint: useId(), count: useId(), error: useId() };
  const isOver = content.length > COMMENT_MAX_LENGTH;
  const serverMessage =
    props.serverError && isApiError(props.serverError)
      ? (props.serverError.fieldErrors.content ?? props.serverError.message)
      : props.serverError?.message;
  const shown = error ?? (isOver ? `At most ${COMMENT_MAX_LENGTH} characters` : null) ?? serverMessage ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = commentUpdateSchema.safeParse({ content });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the comment');
      return;
    }
    setError(null);
    props.onSubmit(parsed.data.content, () => setContent(''));
  }

  return (
    <form className="grid gap-2" onSubmit={submit} noValidate>
      <label htmlFor={ids.field} className="text-sm font-medium">
        {props.label}
      </label>
      <textarea
        id={ids.field}
        value={content}
        rows={3}
        autoFocus={props.autoFocus}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${ids.hint} ${ids.count}${shown ? ` ${ids.error}` : ''}`}
        onChange={(e) => {
          setContent(e.target.value);
          setError(null);
        }}
        className="min-h-20 w-full rounded-md border bg-background p-2 text-sm"
      />
      <p id={ids.hint} className="text-xs text-muted-foreground">
        Plain text; links work. To notify a teammate, write @ and the part of their e-mail before the @ (
        <code>@bea</code> for bea@example.com).
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={ids.count} className={`text-xs ${isOver ? 'text-destructive' : 'text-muted-foreground'}`}>
          {content.length}/{COMMENT_MAX_LENGTH} characters
        </span>
        <div className="flex gap-2">
          {props.onCancel ? (
            <Button type="button" variant="ghost" size="sm" onClick={props.onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={props.isBusy || isOver}>
            {props.isBusy ? 'Sending…' : props.submitLabel}
          </Button>
        </div>
      </div>
      {shown ? (
        <p id={ids.error} role="alert" className="text-sm text-destructive">
          {shown}
        </p>
      ) : null}
    </form>
  );
}
