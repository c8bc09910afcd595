import { z } from 'zod';
import { PLAN_IDS } from '../plans/plans.constants.ts';

// GET /api/user/usage: this month's searches and the plan's limit (docs/product/plans.md).
export const usageSchema = z.object({
  searchesUsed: z.number().int(),
  /** null = unlimited. */
  searchesLimit: z.number().int().nullable(),
  plan: z.enum(PLAN_IDS),
});
export type UsageDto = z.infer<typeof usageSchema>;
