import { z } from 'zod';
import { THEMES } from '../app/app.constants.ts';
import { NOTIFICATION_CATEGORIES } from '../notifications/notifications.schemas.ts';

// /account settings (docs/product/data.md user_preferences, plus theme and the users.analyticsOptOut flag).

/**
 * How often notification e-mails go out (ADR 027): each one shortly after it happens, a digest per
 * day / week (Monday, UTC) / month, or never. In-app notifications are not affected.
 */
export const NOTIFICATION_FREQUENCIES = ['immediate', 'daily', 'weekly', 'monthly', 'never'] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];

export const accessibilitySettingsSchema = z.object({
  highContrast: z.boolean(),
  reducedMotion: z.boolean(),
  screenReaderOptimized: z.boolean(),
});
export type AccessibilitySettingsDto = z.infer<typeof accessibilitySettingsSchema>;

export const notificationPreferencesSchema = z.object({
  resourceNotifications: z.boolean(),
  frequency: z.enum(NOTIFICATION_FREQUENCIES),
  /** The categories e-mailed about; empty (the default) means every category. */
  categories: z.array(z.enum(NOTIFICATION_CATEGORIES)).max(NOTIFICATION_CATEGORIES.length),
  contributionUpdates: z.boolean(),
});

export const accountPreferencesSchema = z.object({
  theme: z.enum(THEMES),
  accessibilitySettings: accessibilitySettingsSchema,
  notificationPreferences: notificationPreferencesSchema,
  analyticsOptOut: z.boolean(),
});
export type AccountPreferences = z.infer<typeof accountPreferencesSchema>;

/** PATCH body: some or all of the fields; nested objects replace only the keys they carry. */
export const accountPreferencesUpdateSchema = z.object({
  theme: z.enum(THEMES).optional(),
  accessibilitySettings: accessibilitySettingsSchema.partial().optional(),
  notificationPreferences: notificationPreferencesSchema.partial().optional(),
  analyticsOptOut: z.boolean().optional(),
});
export type AccountPreferencesUpdate = z.infer<typeof accountPreferencesUpdateSchema>;

export const DEFAULT_ACCOUNT_PREFERENCES: AccountPreferences = {
  theme: 'dark',
  accessibilitySettings: { highContrast: false, reducedMotion: false, screenReaderOptimized: false },
  notificationPreferences: {
    resourceNotifications: true,
    frequency: 'weekly',
    categories: [],
    contributionUpdates: true,
  },
  analyticsOptOut: false,
};

type StoredNotificationPreferences = Partial<Record<keyof AccountPreferences['notificationPreferences'], unknown>>;

/** Stored notification preferences as the contract knows them: unknown categories dropped, defaults filled. */
export function readNotificationPreferences(
  stored: StoredNotificationPreferences | null | undefined,
): AccountPreferences['notificationPreferences'] {
  const defaults = DEFAULT_ACCOUNT_PREFERENCES.notificationPreferences;
  const frequency = NOTIFICATION_FREQUENCIES.find((f) => f === stored?.frequency) ?? defaults.frequency;
  const categories = Array.isArray(stored?.categories)
    ? NOTIFICATION_CATEGORIES.filter((c) => (stored.categories as unknown[]).includes(c))
    : defaults.categories;
  return {
    resourceNotifications:
      typeof stored?.resourceNotifications === 'boolean'
        ? stored.resourceNotifications
        : defaults.resourceNotifications,
    frequency,
    categories,
    contributionUpdates:
      typeof stored?.contributionUpdates === 'boolean' ? stored.contributionUpdates : defaults.contributionUpdates,
  };
}
