import { USAGE_WARNING_AT } from '#shared/plans/plans.constants.ts';
import type { UsageDto } from '#shared/usage/usage.schemas.ts';

export type UsageState = 'normal' | 'warning' | 'limit';

/** Warning at 3 or more searches this month, limit reached at 5 or more (docs/product/plans.md). */
export function usageState(usage: Pick<UsageDto, 'searchesUsed' | 'searchesLimit'>): UsageState {
  if (usage.searchesLimit === null) return 'normal';
  if (usage.searchesUsed >= usage.searchesLimit) return 'limit';
  if (usage.searchesUsed >= USAGE_WARNING_AT) return 'warning';
  return 'normal';
}
