import { z } from 'zod';
import { THEMES } from '../app/app.constants.ts';

// /account settings (docs/product/data.md user_preferences, plus theme and the users.analyticsOptOut flag).

export const NOTIFICATION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

export const accessibilitySettingsSchema = z.object({
  highContrast: z.boolean(),
  reducedMotion: z.boolean(),
  screenReaderOptimized: z.boolean(),
});
export type AccessibilitySettingsDto = z.infer<typeof accessibilitySettingsSchema>;

export const notificationPreferencesSchema = z.object({
  resourceNotifications: z.boolean(),
  frequency: z.enum(NOTIFICATION_FREQUENCIES),
  categories: z.array(z.string().trim().min(1).max(50)).max(20),
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
