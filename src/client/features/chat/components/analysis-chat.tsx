import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ASK_SATISFACTION_AFTER_MESSAGES, CHAT_DAILY_MESSAGES } from '#shared/chat/chat.constants.ts';
import type { ChatMessage, Conversation } from '#shared/chat/chat.schemas.ts';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { isApiError } from '#client/lib/api-error.ts';
import { conversationQueryOptions, useAsk, useRate } from '../api/chat-api.ts';
import { AnswerContent } from './answer-content.tsx';
import { ChatForm } from './chat-form.tsx';

// The conversation about one analysis: suggested questions, answers citing its evidence, the
// satisfaction question once after a few messages, and the upgrade prompt over the daily limit.

const MODE_LABEL = {
  offline: 'Offline answer · written from this analysis’s evidence with templates',
  llm: 'Worded by the language model from this analysis’s evidence; numbers checked',
  offline_fallback: 'Offline answer · the model’s answer failed the evidence check',
  partial: 'Partial answer · the model stopped before finishing',
} as const;

function Message({ message, onFollow }: { message: ChatMessage; onFollow: () => void }) {
  if (message.role === 'user') {
    return (
      <p className="ml-8 rounded-lg bg-primary px-3 py-2 text-sm break-words text-primary-foreground">
        {message.content}
        {message.editedAt ? <span className="ml-1 text-xs opacity-80">(edited)</span> : null}
      </p>
    );
  }
  const meta = message.metadata;
  return (
    <div className="mr-4 rounded-lg border p-3">
      <p className="mb-1 text-xs font-medium text-muted-foreground">{MODE_LABEL[meta?.mode ?? 'offline']}</p>
      <AnswerContent content={message.content} citations={meta?.citations ?? []} onFollow={onFollow} />
      {meta?.note ? <p className="mt-2 text-xs text-muted-foreground">{meta.note}</p> : null}
      {meta?.offlineAlternative ? (
        <details className="mt-2 text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center">Show the offline answer</summary>
          <AnswerContent content={meta.offlineAlternative} citations={meta.citations} onFollow={onFollow} />
        </details>
      ) : null}
    </div>
  );
}

function Rating({ conversation, analysisId }: { conversation: Conversation; analysisId: number }) {
  const rate = useRate(analysisId);
  const { messageCount, userSatisfaction } = conversation.analytics;
  if (messageCount < ASK_SATISFACTION_AFTER_MESSAGES) return null;
  if (userSatisfaction !== null) {
    return (
      <p className="text-xs text-muted-foreground">Thanks: you rated this conversation {userSatisfaction} of 5.</p>
    );
  }
  return (
    <fieldset className="rounded-lg border p-2">
      <legend className="px-1 text-sm">How helpful is this conversation?</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            disabled={rate.isPending}
            onClick={() => rate.mutate({ conversationId: conversation.id, satisfaction: n })}
            className="inline-flex size-11 items-center justify-center rounded-md border text-sm hover:bg-muted"
            aria-label={`${n} of 5`}
          >
            {n}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function AnalysisChat({
  analysisId,
  onFollow,
  renderUpgrade,
}: {
  analysisId: number;
  onFollow: () => void;
  renderUpgrade: () => ReactNode;
}) {
  const conversation = useQuery(conversationQueryOptions(analysisId));
  const [draft, setDraft] = useState('');
  const ask = useAsk(analysisId, {
    isStreaming: conversation.data?.mode === 'llm',
    onDelta: (text) => setDraft((d) => d + text),
  });
  const scroller = useRef<HTMLDivElement>(null);
  const count = conversation.data?.messages.length ?? 0;
  // A new answer scrolls into view at the bottom of the conversation.
  useEffect(() => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [count, draft]);
  if (conversation.isPending) return <Spinner className="w-full py-8" label="Opening the conversation" />;
  if (conversation.isError) {
    return (
      <p role="alert" className="p-3 text-sm text-destructive">
        {conversation.error.message}
      </p>
    );
  }
  const c = conversation.data;
  const unused = c.suggestedQuestions.filter((q) => !q.used);
  const overLimit = isApiError(ask.error) && ask.error.code === 'QUOTA_EXCEEDED';
  const send = (content: string, suggestedQuestionId?: number) => {
    setDraft('');
    ask.mutate(
      { conversationId: c.id, content, ...(suggestedQuestionId ? { suggestedQuestionId } : {}) },
      { onSettled: () => setDraft('') },
    );
  };
  return (
    <>
      <div ref={scroller} className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3">
        <p className="text-xs text-muted-foreground">
          About “{c.query}”. Answers use only this analysis’s evidence and link to it. {c.usage.used} of {c.usage.limit}{' '}
          messages used today.
        </p>
        <div role="log" aria-label="Conversation">
          <ol className="space-y-3">
            {c.messages.map((m) => (
              <li key={m.id}>
                <Message message={m} onFollow={onFollow} />
              </li>
            ))}
          </ol>
          {ask.isPending && draft ? (
            <p className="mt-3 mr-4 rounded-lg border p-3 text-sm break-words whitespace-pre-line">{draft}</p>
          ) : null}
        </div>
        {unused.length > 0 ? (
          <section aria-label="Suggested questions" className="space-y-1">
            <h3 className="text-xs font-medium text-muted-foreground">Suggested questions</h3>
            {unused.map((q) => (
              <button
                key={q.id}
                type="button"
                disabled={ask.isPending}
                onClick={() => send(q.questionText, q.id)}
                className="block min-h-11 w-full rounded-md border px-3 py-2 text-left text-sm hover:bg-muted"
              >
                {q.questionText}
              </button>
            ))}
          </section>
        ) : null}
        <Rating conversation={c} analysisId={analysisId} />
        {ask.isError ? (
          <div role="alert" className="space-y-2 text-sm">
            <p className="text-destructive">{ask.error.message}</p>
            {overLimit && c.usage.limit === CHAT_DAILY_MESSAGES.free ? renderUpgrade() : null}
          </div>
        ) : null}
      </div>
      <p aria-live="polite" className="sr-only">
        {ask.isPending ? 'Answering from the analysis…' : ask.isSuccess ? 'Answer received.' : ''}
      </p>
      <ChatForm isBusy={ask.isPending} onAsk={(content) => send(content)} />
    </>
  );
}
