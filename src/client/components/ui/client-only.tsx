import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => undefined;

/**
 * Its children only in the browser: not in the landing page's build-time HTML, and when that page is
 * hydrated, only just after (the server snapshot says "not yet", so hydration matches the HTML). A page the
 * browser renders itself shows them at once. For lazy pieces that appear after the first paint anyway
 * (toasts, the footer's demo notice): the build cannot wait for their chunks, nor call their APIs.
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  const isClient = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return isClient ? children : null;
}
