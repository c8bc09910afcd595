import type { PublicUser } from '#shared/auth/user.schemas.ts';

/** A signed-in user as the client holds it, on the given plan (component tests). */
export function testUser(plan: PublicUser['plan'] = 'free', overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 1,
    email: 'ada@example.test',
    name: 'Ada',
    firstName: 'Ada',
    lastName: null,
    avatar: null,
    plan,
    isPaid: plan !== 'free',
    role: 'user',
    searchCount: 0,
    lastResetDate: '2026-11-01',
    trialUsed: false,
    trialExpiration: null,
    subscriptionStatus: 'none',
    subscriptionTier: plan,
    subscriptionPeriodEnd: null,
    analyticsOptOut: false,
    mustChangePassword: false,
    createdAt: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}
