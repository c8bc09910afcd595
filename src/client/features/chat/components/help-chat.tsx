import { useState } from 'react';
import type { HelpAnswer } from '#shared/chat/chat.schemas.ts';
import { useAskHelp } from '../api/chat-api.ts';
import { AnswerContent } from './answer-content.tsx';
import { ChatForm } from './chat-form.tsx';

type Turn = { question: string; answer: HelpAnswer };

/** Product questions (signed out, or away from an analysis): answered from the help articles and the pricing FAQ; nothing is stored. */
export function HelpChat({ onFollow }: { onFollow: () => void }) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const ask = useAskHelp();
  return (
    <>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3">
        <p className="text-sm text-muted-foreground">
          Ask about Unbuilt: how scores are computed, plans, exports. Answers quote the help articles and the pricing
          FAQ. Open an analysis to ask about its evidence.
        </p>
        <div role="log" aria-label="Conversation">
          <ol className="space-y-3">
            {turns.map((t, i) => (
              <li key={i} className="space-y-2">
                <p className="ml-8 rounded-lg bg-primary px-3 py-2 text-sm text-primary-foreground">{t.question}</p>
                <div className="mr-4 rounded-lg border p-3">
                  <p className="mb-1 text-xs font-medium text-muted-foreground">
                    Offline answer · from the help articles and the pricing FAQ
                  </p>
                  <AnswerContent content={t.answer.content} citations={t.answer.citations} onFollow={onFollow} />
                </div>
              </li>
            ))}
          </ol>
        </div>
        {ask.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {ask.error.message}
          </p>
        ) : null}
      </div>
      <p aria-live="polite" className="sr-only">
        {ask.isPending ? 'Looking in the help articles…' : turns.length ? 'Answer received.' : ''}
      </p>
      <ChatForm
        isBusy={ask.isPending}
        onAsk={(question) =>
          ask.mutate(question, { onSuccess: (answer) => setTurns((all) => [...all, { question, answer }]) })
        }
      />
    </>
  );
}
