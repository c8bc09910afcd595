import { z } from 'zod';

// Run-time settings an admin changes in the console (stored in app_settings).

/** Users are e-mailed this many days before their password reaches the maximum age. */
export const PASSWORD_EXPIRY_WARNING_DAYS = 7;
export const MIN_PASSWORD_AGE_DAYS = 14;
export const MAX_PASSWORD_AGE_DAYS = 3650;

export const passwordPolicySchema = z.object({
  /** Days a password stays valid; null: passwords never expire (the default). */
  maxPasswordAgeDays: z
    .number('Enter a number of days')
    .int('Enter a whole number of days')
    .min(
      MIN_PASSWORD_AGE_DAYS,
      `Use at least ${MIN_PASSWORD_AGE_DAYS} days (the warning goes out ${PASSWORD_EXPIRY_WARNING_DAYS} days before)`,
    )
    .max(MAX_PASSWORD_AGE_DAYS, `Use at most ${MAX_PASSWORD_AGE_DAYS} days`)
    .nullable(),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;
