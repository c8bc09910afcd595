import { MessageCircle } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { useMatch } from 'react-router';
import { paths } from '#client/config/paths.ts';
import { lazyWithQueries } from '#client/lib/lazy-with-queries.tsx';
import type { ChatTarget } from './chat-panel.tsx';

// The assistant's button, on every page for everyone (docs/product/assistant.md). Only this button is
// in the page's JavaScript; the panel is its own chunk, loaded on first open.

const ChatPanel = lazyWithQueries(async () => (await import('./chat-panel.tsx')).ChatPanel);

const idOf = (value: string | undefined): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export function ChatLauncher({ isSignedIn, renderUpgrade }: { isSignedIn: boolean; renderUpgrade: () => ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const search = idOf(useMatch(paths.search.path)?.params.id);
  const result = idOf(useMatch(paths.searchResult.path)?.params.id);
  const target: ChatTarget = !isSignedIn
    ? null
    : search
      ? { kind: 'analysis', id: search }
      : result
        ? { kind: 'result', id: result }
        : null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-chat-launcher
        aria-haspopup="dialog"
        className="fixed top-2 right-4 z-50 inline-flex size-11 items-center sm:top-auto sm:bottom-4 sm:z-40 sm:size-12 justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:opacity-90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <MessageCircle aria-hidden="true" className="size-5" />
        <span className="sr-only">Open the assistant</span>
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <ChatPanel
            key={JSON.stringify(target)}
            target={target}
            onClose={() => setOpen(false)}
            renderUpgrade={renderUpgrade}
          />
        </Suspense>
      ) : null}
    </>
  );
}
