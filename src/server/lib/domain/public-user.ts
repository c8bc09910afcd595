import type { PublicUser } from '#shared/auth/user.schemas.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { effectivePlan, hasPaidPlan } from './effective-plan.ts';

/** The user DTO every response carries: no password hash, token hash, payment id or lock fields. */
export function toPublicUser(user: UserRow, now: Date): PublicUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    firstName: user.firstName,
    lastName: user.lastName,
    avatar: user.avatar,
    plan: effectivePlan(user, now),
    isPaid: hasPaidPlan(user, now),
    role: user.role,
    searchCount: user.searchCount,
    lastResetDate: user.lastResetDate.toISOString(),
    trialUsed: user.trialUsed,
    trialExpiration: user.trialExpiration?.toISOString() ?? null,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionTier: user.subscriptionTier,
    subscriptionPeriodEnd: user.subscriptionPeriodEnd?.toISOString() ?? null,
    analyticsOptOut: user.analyticsOptOut,
    mustChangePassword: user.forcePasswordChange,
    createdAt: user.createdAt.toISOString(),
  };
}
