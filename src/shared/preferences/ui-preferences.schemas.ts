import { z } from 'zod';
import { BINDING_PATTERN, SHORTCUT_ACTION_IDS } from './shortcuts.constants.ts';

// The onboarding tour's progress and the keyboard-shortcut bindings (docs/product/data.md
// user_preferences: onboardingCompleted, tourProgress, keyboardShortcuts).

export {
  BINDING_PATTERN,
  bindingConflicts,
  defaultBindings,
  effectiveBindings,
  SHORTCUT_ACTION_IDS,
  SHORTCUT_ACTIONS,
  shortcutLabel,
  type ShortcutAction,
  type ShortcutBindings,
} from './shortcuts.constants.ts';

/** A binding (null = the shortcut is turned off). */
export const bindingSchema = z
  .string()
  .regex(BINDING_PATTERN, 'Use one key, optionally with Ctrl/⌘, Alt or Shift')
  .nullable();

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
