import { and, gt, inArray } from 'drizzle-orm';
import { DAY_MS, MINUTE_MS, SECOND_MS } from '#shared/app/time.constants.ts';
import type { Database } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import { consumeRateLimit } from '../../lib/http/rate-limit.ts';

// The progressive delay that replaces the account lock (docs/decisions/031): failed sign-ins slow
// down whoever makes them — the network address, and that address with that e-mail — never the
// account. The owner's known device counts on its own key, so a stranger's failures never reach it.
// Keys depend only on what the request says (address, typed e-mail, device cookie), never on whether
// the account exists: a known and an unknown e-mail are slowed alike. Counters live in rate_limits
// (a day window per key); a delay is a row `login-wait:<key>` whose window start is the moment the
// next attempt is allowed (the maintenance job prunes it once past).

/** Failures a key may make in a day before each further one doubles the wait (1 s, 2 s, 4 s … 15 min). */
export const FREE_FAILURES = { source: 30, sourceAndEmail: 5, device: 5 } as const;
export const MAX_DELAY_MS = 15 * MINUTE_MS;

export type DelayKey = { key: string; free: number };

export function delayKeys(options: { ip: string; email: string; knownDeviceOf: number | null }): DelayKey[] {
  if (options.knownDeviceOf !== null)
    return [{ key: `login-fail:device:${String(options.knownDeviceOf)}`, free: FREE_FAILURES.device }];
  return [
    { key: `login-fail:ip:${options.ip}`, free: FREE_FAILURES.source },
    { key: `login-fail:ip-email:${options.ip}:${options.email}`, free: FREE_FAILURES.sourceAndEmail },
  ];
}

const waitKey = (key: string) => `login-wait:${key}`;

/** The wait after `over` failures past the free ones. */
export function delayAfter(over: number): number {
  return Math.min(SECOND_MS * 2 ** Math.min(over, 20), MAX_DELAY_MS);
}

/** RATE_LIMITED (429 + Retry-After) while any of the keys still has to wait. */
export async function assertNoWait(db: Database, keys: DelayKey[], now: Date): Promise<void> {
  const rows = await db
    .select({ until: rateLimits.windowStart })
    .from(rateLimits)
    .where(
      and(
        inArray(
          rateLimits.key,
          keys.map((k) => waitKey(k.key)),
        ),
        gt(rateLimits.windowStart, now),
      ),
    );
  if (rows.length === 0) return;
  const until = Math.max(...rows.map((r) => r.until.getTime()));
  const seconds = Math.max(1, Math.ceil((until - now.getTime()) / SECOND_MS));
  throw new AppError(
    'RATE_LIMITED',
    'Too many failed sign-ins from this device or network. Please wait a moment and try again.',
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/** Counts a failure on every key; past the free ones, the next attempt waits twice as long as the last. */
export async function recordFailure(db: Database, keys: DelayKey[], now: Date): Promise<void> {
  for (const { key, free } of keys) {
    const { count } = await consumeRateLimit({ db, key, limit: Number.MAX_SAFE_INTEGER, windowMs: DAY_MS, now });
    if (count < free) continue;
    await db
      .insert(rateLimits)
      .values({ key: waitKey(key), windowStart: new Date(now.getTime() + delayAfter(count - free)), count: 1 })
      .onConflictDoNothing();
  }
}

/** A success clears the counts of the keys that are about this account (not the address's own). */
export async function clearFailures(db: Database, keys: DelayKey[]): Promise<void> {
  const own = keys.filter((k) => !k.key.startsWith('login-fail:ip:')).map((k) => k.key);
  if (own.length === 0) return;
  await db.delete(rateLimits).where(inArray(rateLimits.key, [...own, ...own.map(waitKey)]));
}
