import { eq } from 'drizzle-orm';
import {
  bindingConflicts,
  effectiveBindings,
  shortcutLabel,
  TOUR_STEP_COUNT,
  tourProgressSchema,
  type ShortcutAction,
  type TourProgress,
  type UiPreferences,
} from '#shared/preferences/ui-preferences.schemas.ts';
import type { Database } from '../../db/client.ts';
import { userPreferences } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';

// The tour's progress and the shortcut bindings, stored in user_preferences (one row per user,
// created on the first write).

const NOT_STARTED: TourProgress = { step: 0, status: 'not_started' };

export async function readUiPreferences(db: Database, userId: number): Promise<UiPreferences> {
  const [row] = await db
    .select({
      onboardingCompleted: userPreferences.onboardingCompleted,
      tourProgress: userPreferences.tourProgress,
      keyboardShortcuts: userPreferences.keyboardShortcuts,
    })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  const progress = tourProgressSchema.safeParse(row?.tourProgress);
  return {
    onboardingCompleted: row?.onboardingCompleted ?? false,
    tourProgress: progress.success ? progress.data : NOT_STARTED,
    keyboardShortcuts: effectiveBindings(row?.keyboardShortcuts),
  };
}

async function write(
  db: Database,
  userId: number,
  now: Date,
  values: Partial<
    Pick<typeof userPreferences.$inferInsert, 'onboardingCompleted' | 'tourProgress' | 'keyboardShortcuts'>
  >,
): Promise<void> {
  await db
    .insert(userPreferences)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...values, updatedAt: now } });
}

export async function updateTour(options: {
  db: Database;
  userId: number;
  now: Date;
  update: { action: 'progress' | 'skip' | 'complete' | 'restart'; step?: number | undefined };
}): Promise<UiPreferences> {
  const { db, userId, now, update } = options;
  const current = await readUiPreferences(db, userId);
  const step = Math.min(update.step ?? current.tourProgress.step, TOUR_STEP_COUNT);
  switch (update.action) {
    case 'progress':
      await write(db, userId, now, { tourProgress: { step, status: 'in_progress' } });
      break;
    case 'skip':
      await write(db, userId, now, { onboardingCompleted: true, tourProgress: { step, status: 'skipped' } });
      break;
    case 'complete':
      await write(db, userId, now, {
        onboardingCompleted: true,
        tourProgress: { step: TOUR_STEP_COUNT, status: 'completed' },
      });
      break;
    case 'restart':
      await write(db, userId, now, { onboardingCompleted: false, tourProgress: { step: 0, status: 'in_progress' } });
      break;
  }
  return readUiPreferences(db, userId);
}

/** Changes some bindings (null turns one off); a binding another shortcut uses is refused. */
export async function updateShortcuts(options: {
  db: Database;
  userId: number;
  now: Date;
  bindings: Partial<Record<ShortcutAction, string | null>>;
}): Promise<UiPreferences> {
  const { db, userId, now, bindings } = options;
  const current = await readUiPreferences(db, userId);
  const next = { ...current.keyboardShortcuts, ...bindings };
  const fieldErrors: Record<string, string> = {};
  for (const [action, other] of Object.entries(bindingConflicts(next))) {
    // Report the conflict on the shortcut the user just changed.
    const changed = action in bindings ? action : other;
    const against = changed === action ? other : (action as ShortcutAction);
    fieldErrors[changed] = `Already used by “${shortcutLabel(against)}”`;
  }
  if (Object.keys(fieldErrors).length > 0)
    throw new AppError('VALIDATION_FAILED', 'Some fields are invalid.', fieldErrors);
  await write(db, userId, now, { keyboardShortcuts: next });
  return readUiPreferences(db, userId);
}
