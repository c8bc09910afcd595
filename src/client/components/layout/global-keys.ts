import {
  defaultBindings,
  type ShortcutAction,
  type ShortcutBindings,
} from '#shared/preferences/shortcuts.constants.ts';
import { bindingFromEvent } from '#client/lib/key-binding.ts';
import { SEARCH_INPUT_SELECTOR } from '#client/lib/shortcuts-store.ts';

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const NAVIGATION: Partial<Record<ShortcutAction, string>> = {
  goDiscover: '/',
  goResources: '/resources',
  goBookmarks: '/bookmarks',
  goHistory: '/history',
  goHelp: '/help',
};

export type GlobalKeyOptions = {
  bindings?: ShortcutBindings;
  /** Go to a page (navigation shortcuts apply only when given: signed in). */
  navigate?: (path: string) => void;
};

/**
 * Handles the global keys with the user's bindings: by default "?" opens the shortcuts modal and
 * Ctrl/Cmd+K focuses the search field; the navigation shortcuts go to their pages. Keys typed into a
 * field are left alone, except a shortcut with Ctrl/⌘.
 */
export function handleGlobalKeydown(
  event: KeyboardEvent,
  openShortcuts: () => void,
  options: GlobalKeyOptions = {},
): void {
  const pressed = bindingFromEvent(event);
  if (!pressed) return;
  const bindings = options.bindings ?? defaultBindings();
  const action = (Object.keys(bindings) as ShortcutAction[]).find((a) => bindings[a] === pressed);
  if (!action) return;
  if (isTypingTarget(event.target) && !pressed.startsWith('Mod+')) return;
  if (action === 'focusSearch') {
    const field = document.querySelector<HTMLElement>(SEARCH_INPUT_SELECTOR);
    if (field) {
      event.preventDefault();
      field.focus();
    }
    return;
  }
  if (action === 'openShortcuts') {
    event.preventDefault();
    openShortcuts();
    return;
  }
  const path = NAVIGATION[action];
  if (path && options.navigate) {
    event.preventDefault();
    options.navigate(path);
  }
}
