import { createHash } from 'node:crypto';
import type { PlanId } from '#shared/plans/plans.constants.ts';

// Pure flag evaluation. A flag is off unless enabled; then a per-user override decides, else the
// user is in if listed by id, or on an allowed tier, or inside the rollout percentage. The rollout
// bucket is a hash of flag name and user id: stable across calls, servers and restarts, and
// independent between flags.

export type FlagRules = {
  name: string;
  enabled: boolean;
  rolloutPercentage: number;
  allowedTiers: readonly string[];
  allowedUserIds: readonly number[];
};

export const BUCKETS = 10_000;

/** 0 … 9,999: the user's position for this flag. */
export function rolloutBucket(flagName: string, userId: number): number {
  const digest = createHash('sha256').update(`${flagName}:${userId}`).digest();
  return digest.readUInt32BE(0) % BUCKETS;
}

export function isFlagOn(flag: FlagRules, user: { id: number; plan: PlanId }, override?: boolean | null): boolean {
  if (!flag.enabled) return false;
  if (override !== undefined && override !== null) return override;
  if (flag.allowedUserIds.includes(user.id)) return true;
  if (flag.allowedTiers.includes(user.plan)) return true;
  return rolloutBucket(flag.name, user.id) < flag.rolloutPercentage * (BUCKETS / 100);
}
