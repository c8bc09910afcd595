import { and, eq } from 'drizzle-orm';
import type { FeatureFlag, FlagUpdate, RolloutPreview, RolloutPreviewInput } from '#shared/flags/flags.schemas.ts';
import { PLAN_IDS } from '#shared/plans/plans.constants.ts';
import type { Database } from '../../db/client.ts';
import { featureFlags, userFeatureFlags, users, type FeatureFlagRow, type UserRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/platform/app-error.ts';
import { effectivePlan } from '../../lib/domain/effective-plan.ts';
import { isFlagOn } from './flag-evaluation.logic.ts';

export function toFlag(row: FeatureFlagRow): FeatureFlag {
  return {
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    rolloutPercentage: row.rolloutPercentage,
    allowedTiers: row.allowedTiers,
    allowedUserIds: row.allowedUserIds,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every flag, evaluated for one user (plan from the database, trial and period end included). */
export async function flagsForUser({
  db,
  user,
  now,
}: {
  db: Database;
  user: UserRow;
  now: Date;
}): Promise<Record<string, boolean>> {
  const [flags, overrides] = await Promise.all([
    db.select().from(featureFlags),
    db.select().from(userFeatureFlags).where(eq(userFeatureFlags.userId, user.id)),
  ]);
  const byFlag = new Map(overrides.map((o) => [o.featureFlagId, o.enabled]));
  const plan = effectivePlan(user, now);
  return Object.fromEntries(
    flags.map((flag) => [flag.name, isFlagOn(flag, { id: user.id, plan }, byFlag.get(flag.id))]),
  );
}

export async function listFlags(db: Database): Promise<FeatureFlag[]> {
  const rows = await db.select().from(featureFlags).orderBy(featureFlags.name);
  return rows.map(toFlag);
}

/** Creates the flag with defaults (off, 0 % rollout) or changes only the fields given. */
export async function upsertFlag({
  db,
  name,
  update,
  now,
}: {
  db: Database;
  name: string;
  update: FlagUpdate;
  now: Date;
}): Promise<FeatureFlag> {
  const set = {
    ...(update.description !== undefined ? { description: update.description } : {}),
    ...(update.enabled !== undefined ? { enabled: update.enabled } : {}),
    ...(update.rolloutPercentage !== undefined ? { rolloutPercentage: update.rolloutPercentage } : {}),
    ...(update.allowedTiers !== undefined ? { allowedTiers: [...new Set(update.allowedTiers)] } : {}),
    ...(update.allowedUserIds !== undefined ? { allowedUserIds: [...new Set(update.allowedUserIds)] } : {}),
    updatedAt: now,
  };
  const [row] = await db
    .insert(featureFlags)
    .values({ name, createdAt: now, ...set })
    .onConflictDoUpdate({ target: featureFlags.name, set })
    .returning();
  if (!row) throw new Error('flag upsert returned nothing');
  return toFlag(row);
}

/** A per-user on/off that wins over the flag's rules (null removes it). */
export async function setUserOverride({
  db,
  name,
  userId,
  enabled,
  now,
}: {
  db: Database;
  name: string;
  userId: number;
  enabled: boolean | null;
  now: Date;
}): Promise<void> {
  const [flag] = await db.select().from(featureFlags).where(eq(featureFlags.name, name));
  if (!flag) throw notFound('This flag');
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('This user');
  if (enabled === null) {
    await db
      .delete(userFeatureFlags)
      .where(and(eq(userFeatureFlags.userId, userId), eq(userFeatureFlags.featureFlagId, flag.id)));
    return;
  }
  const times = enabled ? { enabledAt: now, disabledAt: null } : { disabledAt: now };
  await db
    .insert(userFeatureFlags)
    .values({ userId, featureFlagId: flag.id, enabled, ...times })
    .onConflictDoUpdate({
      target: [userFeatureFlags.userId, userFeatureFlags.featureFlagId],
      set: { enabled, ...times },
    });
}

/** Grants or revokes the admin role by e-mail. Returns false when no such user exists. */
export async function setAdminRole({
  db,
  email,
  isAdmin,
  now,
}: {
  db: Database;
  email: string;
  isAdmin: boolean;
  now: Date;
}): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role: isAdmin ? 'admin' : 'user', updatedAt: now })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Whom these rules would reach among active users, by the same evaluation as flagsForUser (per-user
 * overrides aside): one pass over the users' ids and plan columns, fine for the console's scale.
 */
export async function previewRollout({
  db,
  rules,
  now,
}: {
  db: Database;
  rules: RolloutPreviewInput;
  now: Date;
}): Promise<RolloutPreview> {
  const rows = await db
    .select({
      id: users.id,
      plan: users.plan,
      subscriptionTier: users.subscriptionTier,
      subscriptionStatus: users.subscriptionStatus,
      subscriptionPeriodEnd: users.subscriptionPeriodEnd,
      trialExpiration: users.trialExpiration,
    })
    .from(users)
    .where(eq(users.isActive, true));
  const flag = { ...rules, enabled: true };
  const byPlan = new Map(PLAN_IDS.map((plan) => [plan, { plan, total: 0, reached: 0 }]));
  let reachedUsers = 0;
  for (const row of rows) {
    const plan = effectivePlan(row, now);
    const bucket = byPlan.get(plan);
    const isReached = isFlagOn(flag, { id: row.id, plan });
    if (bucket) {
      bucket.total += 1;
      if (isReached) bucket.reached += 1;
    }
    if (isReached) reachedUsers += 1;
  }
  return { totalUsers: rows.length, reachedUsers, byPlan: [...byPlan.values()] };
}
