import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { AppError } from '../platform/app-error.ts';

export type RateLimitResult = { allowed: boolean; count: number; limit: number; retryAfterSeconds: number };

/**
 * Counts one hit against `key` in the current fixed window and says whether it is within `limit`.
 * One atomic upsert: concurrent requests on any number of instances each get a distinct count.
 */
export async function consumeRateLimit(options: {
  db: Database | Tx;
  key: string;
  limit: number;
  windowMs: number;
  now: Date;
}): Promise<RateLimitResult> {
  const { db, key, limit, windowMs, now } = options;
  const { windowStart, retryAfterSeconds } = windowOf(now, windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? limit + 1;
  return { allowed: count <= limit, count, limit, retryAfterSeconds };
}

function windowOf(now: Date, windowMs: number): { windowStart: Date; retryAfterSeconds: number } {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { windowStart, retryAfterSeconds };
}

/**
 * Throws RATE_LIMITED when `key` has already reached `limit` in the current window, without
 * counting a hit: for limits on an outcome known only afterwards (counted then with consumeRateLimit).
 */
export async function assertBelowRateLimit(options: {
  db: Database | Tx;
  key: string;
  limit: number;
  windowMs: number;
  now: Date;
  message: string;
}): Promise<void> {
  const { windowStart, retryAfterSeconds } = windowOf(options.now, options.windowMs);
  const [row] = await options.db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, options.key), eq(rateLimits.windowStart, windowStart)));
  if ((row?.count ?? 0) >= options.limit) {
    throw new AppError('RATE_LIMITED', options.message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** consumeRateLimit that throws RATE_LIMITED (429 with Retry-After) when over the limit. */
export async function enforceRateLimit(
  options: Parameters<typeof consumeRateLimit>[0] & { message?: string },
): Promise<void> {
  const result = await consumeRateLimit(options);
  if (!result.allowed) {
    throw new AppError('RATE_LIMITED', options.message ?? 'Too many requests. Please wait and try again.', undefined, {
      'retry-after': String(result.retryAfterSeconds),
    });
  }
}

/** Deletes windows older than `olderThan` (the hourly maintenance job; the table stays small). */
export async function pruneRateLimits(options: { db: Database; olderThan: Date }): Promise<void> {
  const { db, olderThan } = options;
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, olderThan));
}
