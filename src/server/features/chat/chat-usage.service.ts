import { and, eq, sql } from 'drizzle-orm';
import { CHAT_DAILY_MESSAGES } from '#shared/chat/chat.constants.ts';
import type { ChatUsage } from '#shared/chat/chat.schemas.ts';
import { PLANS, type PlanId } from '#shared/plans/plans.constants.ts';
import type { Database, Tx } from '../../db/client.ts';
import { chatDailyUsage } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';

// The per-plan daily message limit (docs/product/assistant.md): one conditional upsert counts a
// message only while the day's count is under the limit, so concurrent messages can never pass it.

const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

export async function chatUsage(db: Database | Tx, userId: number, plan: PlanId, now: Date): Promise<ChatUsage> {
  const day = dayOf(now);
  const [row] = await db
    .select({ count: chatDailyUsage.count })
    .from(chatDailyUsage)
    .where(and(eq(chatDailyUsage.userId, userId), eq(chatDailyUsage.day, day)));
  return { used: row?.count ?? 0, limit: CHAT_DAILY_MESSAGES[plan], day };
}

/** Counts one message, or throws QUOTA_EXCEEDED (402) when the day's limit is reached. */
export async function consumeChatMessage(
  db: Database | Tx,
  userId: number,
  plan: PlanId,
  now: Date,
): Promise<ChatUsage> {
  const day = dayOf(now);
  const limit = CHAT_DAILY_MESSAGES[plan];
  const [row] = await db
    .insert(chatDailyUsage)
    .values({ userId, day, count: 1 })
    .onConflictDoUpdate({
      target: [chatDailyUsage.userId, chatDailyUsage.day],
      set: { count: sql`${chatDailyUsage.count} + 1` },
      setWhere: sql`${chatDailyUsage.count} < ${limit}`,
    })
    .returning({ count: chatDailyUsage.count });
  if (!row) {
    const next = plan === 'free' ? ' Upgrade to Pro for more.' : '';
    throw new AppError(
      'QUOTA_EXCEEDED',
      `You have used today's ${limit} assistant messages on the ${PLANS[plan].name} plan.${next} The count restarts at midnight UTC.`,
    );
  }
  return { used: row.count, limit, day };
}
