import { z } from 'zod';
import { PLAN_IDS } from '../plans/plans.constants.ts';

// The user as the client sees it (a DTO: never a password hash, token hash or payment id).
// `plan` is the EFFECTIVE plan computed on the server at response time (an expired trial is free).
export const publicUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatar: z.string().nullable(),
  plan: z.enum(PLAN_IDS),
  isPaid: z.boolean(),
  role: z.enum(['user', 'admin']),
  searchCount: z.number().int(),
  lastResetDate: z.string(),
  trialUsed: z.boolean(),
  trialExpiration: z.string().nullable(),
  subscriptionStatus: z.string(),
  subscriptionTier: z.enum(PLAN_IDS),
  subscriptionPeriodEnd: z.string().nullable(),
  analyticsOptOut: z.boolean(),
  /** An admin or the password-expiry rule asked for a new password: the app shows change-password first. */
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
