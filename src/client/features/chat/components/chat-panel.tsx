import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useModalFocus } from '#client/components/ui/overlay-focus.ts';
import { resultAnalysisQueryOptions } from '../api/chat-api.ts';
import { AnalysisChat } from './analysis-chat.tsx';
import { HelpChat } from './help-chat.tsx';

// The assistant's panel (its own chunk: loaded on first open). Modal: focus moves in and stays in,
// Escape closes it, focus returns to the button that opened it.

export type ChatTarget = { kind: 'analysis'; id: number } | { kind: 'result'; id: number } | null;

function ResultChat({ resultId, ...rest }: { resultId: number; onFollow: () => void; renderUpgrade: () => ReactNode }) {
  const analysis = useQuery(resultAnalysisQueryOptions(resultId));
  if (analysis.isPending) return <Spinner className="w-full py-8" label="Opening the conversation" />;
  if (analysis.isError) return <HelpChat onFollow={rest.onFollow} />;
  return <AnalysisChat analysisId={analysis.data} {...rest} />;
}

export function ChatPanel({
  target,
  onClose,
  renderUpgrade,
}: {
  target: ChatTarget;
  onClose: () => void;
  renderUpgrade: () => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModalFocus(ref, onClose);
  const rest = { onFollow: onClose, renderUpgrade };
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-lg border bg-background shadow-xl sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-h-[80dvh] sm:w-[26rem] sm:rounded-lg"
    >
      <div className="flex items-center justify-between border-b px-3 py-1">
        <h2 id={titleId} className="font-semibold">
          {target ? 'Ask about this analysis' : 'Ask about Unbuilt'}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex size-11 items-center justify-center rounded-md hover:bg-muted"
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Close the assistant</span>
        </button>
      </div>
      {target?.kind === 'analysis' ? (
        <AnalysisChat analysisId={target.id} {...rest} />
      ) : target?.kind === 'result' ? (
        <ResultChat resultId={target.id} {...rest} />
      ) : (
        <HelpChat onFollow={onClose} />
      )}
    </div>
  );
}
