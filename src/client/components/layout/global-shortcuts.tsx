import { lazy, Suspense, useEffect } from 'react';
import { SEARCH_INPUT_SELECTOR, useShortcutsStore } from '#client/lib/shortcuts-store.ts';

const KeyboardShortcutsDialog = lazy(async () => ({
  default: (await import('./keyboard-shortcuts-dialog.tsx')).KeyboardShortcutsDialog,
}));

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Handles the global keys (spec §2): "?" opens the shortcuts modal; Ctrl/Cmd+K focuses the search field. */
export function handleGlobalKeydown(event: KeyboardEvent, openShortcuts: () => void): void {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
    const field = document.querySelector<HTMLElement>(SEARCH_INPUT_SELECTOR);
    if (field) {
      event.preventDefault();
      field.focus();
    }
    return;
  }
  if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target)) {
    event.preventDefault();
    openShortcuts();
  }
}

export function GlobalShortcuts() {
  const isOpen = useShortcutsStore((state) => state.isOpen);
  const setOpen = useShortcutsStore((state) => state.setOpen);

  useEffect(() => {
    const onKeydown = (event: KeyboardEvent) => handleGlobalKeydown(event, () => setOpen(true));
    window.addEventListener('keydown', onKeydown);
    return () => window.removeEventListener('keydown', onKeydown);
  }, [setOpen]);

  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <KeyboardShortcutsDialog isOpen={isOpen} onOpenChange={setOpen} />
    </Suspense>
  );
}
