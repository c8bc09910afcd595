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
