import { z } from 'zod';

// The onboarding tour's progress and the keyboard-shortcut bindings (docs/product/data.md
// user_preferences: onboardingCompleted, tourProgress, keyboardShortcuts).

/** Every shortcut the app handles; the global key handler reads the user's bindings for these. */
export const SHORTCUT_ACTIONS = [
  { id: 'focusSearch', label: 'Focus the search field', defaultBinding: 'Mod+K' },
  { id: 'openShortcuts', label: 'Open the list of keyboard shortcuts', defaultBinding: '?' },
  { id: 'goDiscover', label: 'Go to Discover', defaultBinding: 'Shift+D' },
  { id: 'goResources', label: 'Go to the resource library', defaultBinding: 'Shift+R' },
  { id: 'goBookmarks', label: 'Go to my bookmarks', defaultBinding: 'Shift+B' },
  { id: 'goHistory', label: 'Go to search history', defaultBinding: 'Shift+H' },
  { id: 'goHelp', label: 'Open Help', defaultBinding: 'Shift+?' },
] as const;
export type ShortcutAction = (typeof SHORTCUT_ACTIONS)[number]['id'];
export const SHORTCUT_ACTION_IDS = SHORTCUT_ACTIONS.map((a) => a.id) as [ShortcutAction, ...ShortcutAction[]];

/**
 * "Mod+Alt+Shift+K": modifiers in this order, then one key (a printable character, F1–F12 or a
 * navigation key). Tab, Enter, Escape and Space cannot be bound: they move focus, submit and close for everyone.
 */
export const BINDING_PATTERN =
  /^(Mod\+)?(Alt\+)?(Shift\+)?([!-~]|F[1-9]|F1[0-2]|ArrowUp|ArrowDown|ArrowLeft|ArrowRight|Home|End|PageUp|PageDown)$/;

/** A binding (null = the shortcut is turned off). */
export const bindingSchema = z
  .string()
  .regex(BINDING_PATTERN, 'Use one key, optionally with Ctrl/⌘, Alt or Shift')
  .nullable();

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

export const shortcutsUpdateSchema = z.strictObject({
  bindings: z.partialRecord(z.enum(SHORTCUT_ACTION_IDS), bindingSchema),
});

/** The tour's steps, in order (the client names what each shows). */
export const TOUR_STEP_COUNT = 5;

export const tourProgressSchema = z.object({
  /** The step to show next (0-based). */
  step: z.number().int().min(0).max(TOUR_STEP_COUNT),
  /** How the tour last ended: still going, skipped, or finished. */
  status: z.enum(['not_started', 'in_progress', 'skipped', 'completed']),
});
export type TourProgress = z.infer<typeof tourProgressSchema>;

export const tourUpdateSchema = z.strictObject({
  /** 'progress': reached `step`; 'skip' and 'complete' end the tour; 'restart' starts it again. */
  action: z.enum(['progress', 'skip', 'complete', 'restart']),
  step: z.number().int().min(0).max(TOUR_STEP_COUNT).optional(),
});

export const uiPreferencesSchema = z.object({
  onboardingCompleted: z.boolean(),
  tourProgress: tourProgressSchema,
  keyboardShortcuts: z.record(z.enum(SHORTCUT_ACTION_IDS), z.string().nullable()),
});
export type UiPreferences = z.infer<typeof uiPreferencesSchema>;
