// The keyboard shortcuts as plain data and functions, without zod: the app shell's global key
// handler imports these on every page (the landing page too), and zod stays out of that chunk.
// The request and response schemas are in ui-preferences.schemas.ts, which re-exports these.

/** Every shortcut the app handles; the global key handler reads the user's bindings for these. */
export const SHORTCUT_ACTIONS = [
  { id: 'focusSearch', label: 'Focus the search field', defaultBinding: 'Mod+K' },
  { id: 'openShortcuts', label: 'Open the list of keyboard shortcuts', defaultBinding: '?' },
  { id: 'goDiscover', label: 'Go to Discover', defaultBinding: 'Shift+D' },
  { id: 'goResources', label: 'Go to the resource library', defaultBinding: 'Shift+R' },
  { id: 'goBookmarks', label: 'Go to my bookmarks', defaultBinding: 'Shift+B' },
  { id: 'goHistory', label: 'Go to search history', defaultBinding: 'Shift+H' },
  { id: 'goHelp', label: 'Open Help', defaultBinding: 'Alt+H' },
] as const;
export type ShortcutAction = (typeof SHORTCUT_ACTIONS)[number]['id'];
export const SHORTCUT_ACTION_IDS = SHORTCUT_ACTIONS.map((a) => a.id) as [ShortcutAction, ...ShortcutAction[]];

/**
 * "Mod+Alt+Shift+K": modifiers in this order, then one key. Shift goes only with a letter, a digit or
 * a named key (F1–F12, arrows, Home, End, Page Up/Down); punctuation is named by the character it
 * types ("?", not "Shift+/"). Tab, Enter, Escape and Space cannot be bound: they move focus, submit
 * and close for everyone.
 */
export const BINDING_PATTERN =
  /^(Mod\+)?(Alt\+)?(?:(Shift\+)?([A-Z0-9]|F[1-9]|F1[0-2]|ArrowUp|ArrowDown|ArrowLeft|ArrowRight|Home|End|PageUp|PageDown)|[!-/:-@[-`{-~])$/;

export type ShortcutBindings = Record<ShortcutAction, string | null>;

export function defaultBindings(): ShortcutBindings {
  return Object.fromEntries(SHORTCUT_ACTIONS.map((a) => [a.id, a.defaultBinding])) as ShortcutBindings;
}

/** Stored overrides on top of the defaults (unknown actions in stored data are ignored). */
export function effectiveBindings(stored: Record<string, string | null> | undefined): ShortcutBindings {
  const result = defaultBindings();
  for (const action of SHORTCUT_ACTION_IDS) {
    const value = stored?.[action];
    if (value === null || (typeof value === 'string' && BINDING_PATTERN.test(value))) result[action] = value;
  }
  return result;
}

/** Actions sharing a binding with an earlier action: action → the action it conflicts with. */
export function bindingConflicts(
  bindings: Partial<Record<ShortcutAction, string | null>>,
): Partial<Record<ShortcutAction, ShortcutAction>> {
  const seen = new Map<string, ShortcutAction>();
  const conflicts: Partial<Record<ShortcutAction, ShortcutAction>> = {};
  for (const action of SHORTCUT_ACTION_IDS) {
    const binding = bindings[action];
    if (!binding) continue;
    const first = seen.get(binding.toLowerCase());
    if (first) conflicts[action] = first;
    else seen.set(binding.toLowerCase(), action);
  }
  return conflicts;
}

export function shortcutLabel(action: ShortcutAction): string {
  return SHORTCUT_ACTIONS.find((a) => a.id === action)?.label ?? action;
}
