import { and, eq, gt, sql } from 'drizzle-orm';
import { FREE_MONTHLY_EXPORTS, isPaidPlan } from '#shared/plans/plans.constants.ts';
import { EXPORT_LIMIT_MESSAGE, type ExportUsage } from '#shared/exports/exports.schemas.ts';
import type { Database } from '../../db/client.ts';
import { exportUsage, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import { effectivePlan } from '../../lib/domain/effective-plan.ts';
import { quotaMonth } from '../../lib/domain/usage.ts';

// The monthly export allowance (docs/decisions/017): one conditional upsert per export,
// `INSERT … ON CONFLICT (user, month) DO UPDATE SET count = count + 1 WHERE count < limit RETURNING`.
// Concurrent exports serialise on the (user, month) row and each re-checks the committed count, so the
// allowance holds exactly under any concurrency, on PGlite and PostgreSQL alike. A failed export gives
// its unit back.

function monthlyLimit(user: UserRow, now: Date): number | null {
  return isPaidPlan(effectivePlan(user, now)) ? null : FREE_MONTHLY_EXPORTS;
}

export type ExportUnit = { userId: number; month: string };

/** Takes one export from this month's allowance, or throws 402 'Export limit reached'. */
export async function takeExportUnit(db: Database, user: UserRow, now: Date): Promise<ExportUnit> {
  const limit = monthlyLimit(user, now);
  const month = quotaMonth(now);
  const rows = await db
    .insert(exportUsage)
    .values({ userId: user.id, month, count: 1 })
    .onConflictDoUpdate({
      target: [exportUsage.userId, exportUsage.month],
      set: { count: sql`${exportUsage.count} + 1` },
      ...(limit === null ? {} : { setWhere: sql`${exportUsage.count} < ${limit}` }),
    })
    .returning({ count: exportUsage.count });
  if (rows.length === 0) throw new AppError('QUOTA_EXCEEDED', EXPORT_LIMIT_MESSAGE);
  return { userId: user.id, month };
}

/** Gives a unit back (the export failed before the file was sent). */
export async function returnExportUnit(db: Database, unit: ExportUnit): Promise<void> {
  await db
    .update(exportUsage)
    .set({ count: sql`${exportUsage.count} - 1` })
    .where(and(eq(exportUsage.userId, unit.userId), eq(exportUsage.month, unit.month), gt(exportUsage.count, 0)));
}

/** Runs one export under the allowance: the unit is taken first and given back if making the file fails. */
export async function withExportUnit<T>(db: Database, user: UserRow, now: Date, make: () => Promise<T>): Promise<T> {
  const unit = await takeExportUnit(db, user, now);
  try {
    return await make();
  } catch (error) {
    await returnExportUnit(db, unit);
    throw error;
  }
}

export async function exportUsageOf(db: Database, user: UserRow, now: Date): Promise<ExportUsage> {
  const [row] = await db
    .select({ count: exportUsage.count })
    .from(exportUsage)
    .where(and(eq(exportUsage.userId, user.id), eq(exportUsage.month, quotaMonth(now))));
  return { used: row?.count ?? 0, limit: monthlyLimit(user, now) };
}
