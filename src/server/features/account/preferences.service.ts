import { eq } from 'drizzle-orm';
import type { AccountPreferences, AccountPreferencesUpdate } from '#shared/account/preferences.schemas.ts';
import { DEFAULT_ACCOUNT_PREFERENCES, readNotificationPreferences } from '#shared/account/preferences.schemas.ts';
import type { Database } from '../../db/client.ts';
import { userPreferences, users, type UserRow } from '../../db/schema/index.ts';

export async function readPreferences(options: { db: Database; user: UserRow }): Promise<AccountPreferences> {
  const { db, user } = options;
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, user.id));
  if (!row) return { ...DEFAULT_ACCOUNT_PREFERENCES, analyticsOptOut: user.analyticsOptOut };
  return {
    theme: row.theme,
    accessibilitySettings: { ...DEFAULT_ACCOUNT_PREFERENCES.accessibilitySettings, ...row.accessibilitySettings },
    notificationPreferences: readNotificationPreferences(row.notificationPreferences),
    analyticsOptOut: user.analyticsOptOut,
  };
}

export async function updatePreferences(options: {
  db: Database;
  user: UserRow;
  patch: AccountPreferencesUpdate;
  now: Date;
}): Promise<AccountPreferences> {
  const { db, user, patch, now } = options;
  const current = await readPreferences({ db, user });
  const next: AccountPreferences = {
    theme: patch.theme ?? current.theme,
    accessibilitySettings: { ...current.accessibilitySettings, ...patch.accessibilitySettings },
    notificationPreferences: { ...current.notificationPreferences, ...patch.notificationPreferences },
    analyticsOptOut: patch.analyticsOptOut ?? current.analyticsOptOut,
  };
  await db.transaction(async (tx) => {
    const values = {
      theme: next.theme,
      accessibilitySettings: next.accessibilitySettings,
      notificationPreferences: next.notificationPreferences,
      updatedAt: now,
    };
    await tx
      .insert(userPreferences)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: userPreferences.userId, set: values });
    if (patch.analyticsOptOut !== undefined) {
      await tx
        .update(users)
        .set({ analyticsOptOut: patch.analyticsOptOut, updatedAt: now })
        .where(eq(users.id, user.id));
    }
  });
  return next;
}
