import { z } from 'zod';
import { PLAN_IDS } from '../plans/plans.constants.ts';
import { idSchema } from '../api/params.schemas.ts';

export const FLAG_NAME_PATTERN = /^[a-z0-9][a-z0-9_.-]{1,63}$/;
export const flagNameSchema = z
  .string()
  .regex(FLAG_NAME_PATTERN, 'Use 2-64 lowercase letters, digits, dots, dashes or underscores');

export const flagUpdateSchema = z.object({
  description: z.string().max(500).nullable().optional(),
  enabled: z.boolean().optional(),
  rolloutPercentage: z.number().int().min(0).max(100).optional(),
  allowedTiers: z.array(z.enum(PLAN_IDS)).optional(),
  allowedUserIds: z.array(z.number().int().positive()).optional(),
});
export type FlagUpdate = z.infer<typeof flagUpdateSchema>;

export const flagSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  rolloutPercentage: z.number().int(),
  allowedTiers: z.array(z.string()),
  allowedUserIds: z.array(z.number().int()),
  updatedAt: z.string(),
});
export type FeatureFlag = z.infer<typeof flagSchema>;

export const userFlagOverrideSchema = z.object({ enabled: z.boolean() });

/** The current user's flags: name → on/off. */
export const myFlagsSchema = z.object({ flags: z.record(z.string(), z.boolean()) });

export const flagListSchema = z.object({ flags: z.array(flagSchema) });
export const flagNameParamsSchema = z.object({ name: flagNameSchema });
export const flagOverrideParamsSchema = z.object({ name: flagNameSchema, userId: idSchema });
export const flagOverrideSchema = z.object({
  name: z.string(),
  userId: z.number().int(),
  enabled: z.boolean().nullable(),
});

/** The rules of a flag being edited, to preview whom they reach before saving. */
export const rolloutPreviewInputSchema = z.object({
  name: flagNameSchema,
  rolloutPercentage: z.number().int().min(0).max(100),
  allowedTiers: z.array(z.enum(PLAN_IDS)),
  allowedUserIds: z.array(z.number().int().positive()),
});
export type RolloutPreviewInput = z.infer<typeof rolloutPreviewInputSchema>;

export const rolloutPreviewSchema = z.object({
  /** Active users counted. */
  totalUsers: z.number().int(),
  /** Of those, how many the rules would turn the flag on for (if enabled; per-user overrides aside). */
  reachedUsers: z.number().int(),
  byPlan: z.array(z.object({ plan: z.enum(PLAN_IDS), total: z.number().int(), reached: z.number().int() })),
});
export type RolloutPreview = z.infer<typeof rolloutPreviewSchema>;
