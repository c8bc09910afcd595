import { BINDING_PATTERN } from '#shared/preferences/shortcuts.constants.ts';

// Key presses as bindings ("Mod+K", "?", "Shift+R", "Alt+H"), the same shape the server stores.
// Letters and digits are read from the physical key (event.code), so Alt+H is Alt+H on a Mac too,
// where the character typed would be "˙".

type KeyLike = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

const NAMED = /^(F[1-9]|F1[0-2]|ArrowUp|ArrowDown|ArrowLeft|ArrowRight|Home|End|PageUp|PageDown)$/;

/** The binding a key press makes, or null for a lone modifier or a key that cannot be bound. */
export function bindingFromEvent(event: KeyLike): string | null {
  let key: string | null = null;
  let isShiftable = true;
  if (/^Key[A-Z]$/.test(event.code)) key = event.code.slice(3);
  else if (/^Digit[0-9]$/.test(event.code) && !event.shiftKey) key = event.code.slice(5);
  else if (NAMED.test(event.key)) key = event.key;
  else if (event.key.length === 1 && event.key !== ' ') {
    key = /^[a-z]$/i.test(event.key) ? event.key.toUpperCase() : event.key;
    isShiftable = /^[A-Z0-9]$/.test(key);
  }
  if (!key) return null;
  const parts = [
    event.ctrlKey || event.metaKey ? 'Mod' : null,
    event.altKey ? 'Alt' : null,
    event.shiftKey && isShiftable ? 'Shift' : null,
    key,
  ].filter(Boolean);
  const binding = parts.join('+');
  return BINDING_PATTERN.test(binding) ? binding : null;
}

/** How a binding reads on screen: Mod as Ctrl (⌘ on a Mac). */
export function bindingKeys(binding: string, isMac: boolean): string[] {
  return binding === '+'
    ? ['+']
    : binding.split(/\+(?!$)/).map((part) => (part === 'Mod' ? (isMac ? '⌘' : 'Ctrl') : part));
}

export function isMacPlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}
