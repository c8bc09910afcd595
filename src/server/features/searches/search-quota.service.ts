import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { quotaMonth } from '../../lib/usage.ts';

/**
 * Counts one search for the user if the quota allows it: one conditional UPDATE, so concurrent
 * searches serialise on the user's row and re-check the condition against the committed count.
 * Returns false (and changes nothing) when the quota is used up. `limit` null = unlimited.
 */
export async function countSearch(
  tx: Tx,
  options: { userId: number; limit: number | null; now: Date },
): Promise<boolean> {
  const { userId, limit, now } = options;
  const sameMonth = sql`to_char(${users.lastResetDate} at time zone 'UTC', 'YYYY-MM') = ${quotaMonth(now)}`;
  const withinLimit = limit === null ? undefined : sql`(not ${sameMonth} or ${users.searchCount} < ${limit})`;
  const rows = await tx
    .update(users)
    .set({
      searchCount: sql`case when ${sameMonth} then ${users.searchCount} + 1 else 1 end`,
      lastResetDate: sql`case when ${sameMonth} then ${users.lastResetDate} else ${now.toISOString()}::timestamptz end`,
    })
    .where(and(eq(users.id, userId), withinLimit))
    .returning({ searchCount: users.searchCount });
  return rows.length > 0;
}
