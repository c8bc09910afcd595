import { SEARCH_INPUT_SELECTOR } from '#client/lib/shortcuts-store.ts';

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Handles the global keys: "?" opens the shortcuts modal; Ctrl/Cmd+K focuses the search field. */
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
