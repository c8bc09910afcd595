import { useId, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX } from '#shared/chat/chat.constants.ts';
import { messageContentSchema } from '#shared/chat/chat.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';

/** The question box: validated with the shared schema before it is sent. */
export function ChatForm({ onAsk, isBusy }: { onAsk: (content: string) => void; isBusy: boolean }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = messageContentSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a question first');
      return;
    }
    setError(null);
    onAsk(parsed.data);
    setText('');
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t p-3">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          Your question
        </label>
        <textarea
          id={id}
          value={text}
          rows={2}
          maxLength={CHAT_MESSAGE_MAX + 1}
          placeholder="Ask a question…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
          className="block min-h-11 w-full resize-none rounded-md border bg-background px-3 py-2 text-sm"
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={isBusy} className="min-h-11">
        Send
      </Button>
    </form>
  );
}
