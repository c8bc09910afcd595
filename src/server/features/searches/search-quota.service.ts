import { and, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { SEARCHES_IN_FLIGHT_PER_USER } from '#shared/plans/plans.constants.ts';
import { MINUTE_MS } from '#shared/app/time.constants.ts';
import type { Database, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { searchReservations, users } from '../../db/schema/index.ts';
import { quotaMonth } from '../../lib/domain/usage.ts';

// The search quota, reserved before the engine runs (docs/decisions/011-quota-before-the-engine.md).
// A search takes one unit of the monthly count and one in-flight slot in ONE transaction that
// holds the user's row lock, so concurrent requests serialise and see each other's reservations.
// The unit is given back when the analysis fails or is cancelled, and when the answer does not
// use up a search (docs/product/plans.md: abstentions and empty answers are free).

/** How long a reservation holds before a crashed request's unit is given back. */
export const SEARCH_RESERVATION_TTL_MS = 10 * MINUTE_MS;

export type Reservation = { id: number; userId: number; quotaMonth: string };
export type ReserveResult =
  { kind: 'reserved'; reservation: Reservation } | { kind: 'quota_exhausted' } | { kind: 'too_many_in_flight' };

const sameMonthAs = (month: string) => sql`to_char(${users.lastResetDate} at time zone 'UTC', 'YYYY-MM') = ${month}`;

/**
 * The UPDATE that counts one search for the user if the quota allows it (`extra`: a further
 * condition), returning the user's id when it did. Concurrent searches serialise on the user's row
 * and re-check the condition against the committed count. `limit` null = unlimited.
 */
function countingUpdate(tx: Tx, options: { userId: number; limit: number | null; now: Date; extra?: SQL }) {
  const { userId, limit, now } = options;
  const sameMonth = sameMonthAs(quotaMonth(now));
  const withinLimit = limit === null ? undefined : sql`(not ${sameMonth} or ${users.searchCount} < ${limit})`;
  return tx
    .update(users)
    .set({
      searchCount: sql`case when ${sameMonth} then ${users.searchCount} + 1 else 1 end`,
      lastResetDate: sql`case when ${sameMonth} then ${users.lastResetDate} else ${now.toISOString()}::timestamptz end`,
    })
    .where(and(eq(users.id, userId), withinLimit, options.extra))
    .returning({ id: users.id });
}

/**
 * Counts one search for the user if the quota allows it: one conditional UPDATE. Returns false (and
 * changes nothing) when the quota is used up. `limit` null = unlimited.
 */
export async function countSearch(
  tx: Tx,
  options: { userId: number; limit: number | null; now: Date },
): Promise<boolean> {
  const rows = await countingUpdate(tx, options);
  return rows.length > 0;
}

/** Gives one unit back to the month it was taken from (nothing when the count has since restarted). */
async function refundUnit(tx: Tx, userId: number, month: string): Promise<void> {
  await tx
    .update(users)
    .set({ searchCount: sql`${users.searchCount} - 1` })
    .where(and(eq(users.id, userId), gt(users.searchCount, 0), sameMonthAs(month)));
}

/** Every write here takes the user's row lock first: one lock order, so no deadlock between them. */
async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * lockUser, also saying whether the user had reservations expired at `now`. Read in the snapshot
 * taken before the lock was granted, so it is a hint: an expired reservation is at least ten minutes
 * old, already there before any concurrent request; one that a concurrent request refunded meanwhile
 * is deleted by nobody twice (refundExpired refunds only the rows its own DELETE returns).
 */
async function lockUserSeeingExpired(tx: Tx, userId: number, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({
      expired: sql<boolean>`exists (select 1 from ${searchReservations} where ${searchReservations.userId} = ${userId} and ${searchReservations.expiresAt} <= ${now.toISOString()}::timestamptz)`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.expired === true;
}

async function refundExpired(tx: Tx, where: ReturnType<typeof and>): Promise<number> {
  const expired = await tx
    .delete(searchReservations)
    .where(where)
    .returning({ userId: searchReservations.userId, quotaMonth: searchReservations.quotaMonth });
  for (const row of expired) await refundUnit(tx, row.userId, row.quotaMonth);
  return expired.length;
}

/**
 * Reserves a search before the engine runs: the in-flight cap, then the conditional count, then
 * the reservation row — one transaction under the user's row lock.
 */
export async function reserveSearch(
  db: Database,
  options: { userId: number; limit: number | null; now: Date; maxInFlight?: number },
): Promise<ReserveResult> {
  const { userId, limit, now, maxInFlight = SEARCHES_IN_FLIGHT_PER_USER } = options;
  // Releases owed from an outage go first: they may be this user's own slots.
  await retryPendingReleases(db);
  return db.transaction(async (tx): Promise<ReserveResult> => {
    // Statements after the lock see every reservation committed before it was granted. The expired
    // ones are refunded first (rare: a crashed request's); then ONE statement counts the live ones,
    // counts the search within the quota and stores the reservation, each only if the one before
    // allowed it (docs/decisions/048: two statements fewer on every search).
    if (await lockUserSeeingExpired(tx, userId, now))
      await refundExpired(tx, and(eq(searchReservations.userId, userId), lte(searchReservations.expiresAt, now)));
    const month = quotaMonth(now);
    const nowAt = sql`${now.toISOString()}::timestamptz`;
    const expiresAt = sql`${new Date(now.getTime() + SEARCH_RESERVATION_TTL_MS).toISOString()}::timestamptz`;
    const counted = countingUpdate(tx, { userId, limit, now, extra: sql`(select n from in_flight) < ${maxInFlight}` });
    const [row] = rowsOf<{ in_flight: number | string; id: number | null }>(
      await tx.execute(sql`
        with in_flight as (
          select count(*) as n from ${searchReservations}
          where ${searchReservations.userId} = ${userId} and ${searchReservations.expiresAt} > ${nowAt}
        ),
        counted as (${counted.getSQL()}),
        reserved as (
          insert into ${searchReservations} (user_id, quota_month, started_at, expires_at)
          select id, ${month}, ${nowAt}, ${expiresAt} from counted
          returning id
        )
        select (select n from in_flight) as in_flight, (select id from reserved) as id`),
    );
    if (!row) throw new Error('The search reservation was not stored.');
    if (Number(row.in_flight) >= maxInFlight) return { kind: 'too_many_in_flight' };
    if (row.id === null) return { kind: 'quota_exhausted' };
    return { kind: 'reserved', reservation: { id: Number(row.id), userId, quotaMonth: month } };
  });
}

async function releaseNow(db: Database, reservation: Reservation): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, reservation.userId);
    await refundExpired(tx, eq(searchReservations.id, reservation.id));
  });
}

// Releases that failed because the database failed with the request (issue 32): kept in this
// process and retried until they succeed, so the slot and the unit come back when the database
// does (the next search also retries them first), not 10 minutes later when the reservation expires.
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 15_000;
const pendingReleases = new WeakMap<Database, Map<number, Reservation>>();

function scheduleRetry(db: Database, delayMs: number): void {
  const timer = setTimeout(() => {
    void retryPendingReleases(db).then((left) => {
      if (left > 0) scheduleRetry(db, Math.min(delayMs * 2, RETRY_MAX_MS));
    });
  }, delayMs);
  timer.unref();
}

/** Tries every release this process still owes on `db`; returns how many are still owed. */
async function retryPendingReleases(db: Database): Promise<number> {
  const pending = pendingReleases.get(db);
  if (!pending) return 0;
  for (const reservation of [...pending.values()]) {
    try {
      await releaseNow(db, reservation);
      pending.delete(reservation.id);
    } catch {
      break; // still down: the next retry (or the next search) tries again
    }
  }
  return pending.size;
}

/**
 * A failed or cancelled analysis: the slot is freed and the unit given back (once, however often
 * called). When the database fails this too, the release is owed and retried until it succeeds.
 */
export async function releaseReservation(db: Database, reservation: Reservation): Promise<void> {
  try {
    await releaseNow(db, reservation);
  } catch (error) {
    const pending = pendingReleases.get(db) ?? new Map<number, Reservation>();
    pendingReleases.set(db, pending);
    const first = pending.size === 0;
    pending.set(reservation.id, reservation);
    if (first) scheduleRetry(db, RETRY_FIRST_MS);
    throw error;
  }
}

/**
 * Inside the transaction that stores the analysis: frees the slot and keeps the unit when the
 * answer uses up a search, gives it back when it does not. A reservation that already expired
 * (its unit given back) is counted again, within the limit; false = the quota no longer allows it.
 */
export async function settleReservation(
  tx: Tx,
  options: { reservation: Reservation; usesSearch: boolean; limit: number | null; now: Date },
): Promise<boolean> {
  const { reservation, usesSearch } = options;
  await lockUser(tx, reservation.userId);
  const [held] = await tx
    .delete(searchReservations)
    .where(eq(searchReservations.id, reservation.id))
    .returning({ id: searchReservations.id });
  if (!held) {
    return usesSearch ? countSearch(tx, { userId: reservation.userId, limit: options.limit, now: options.now }) : true;
  }
  if (!usesSearch) await refundUnit(tx, reservation.userId, reservation.quotaMonth);
  return true;
}

/** Gives back the units of reservations a crashed process left behind (the searches.expire-reservations job). */
export async function expireReservations(db: Database, now: Date): Promise<number> {
  const owners = await db
    .selectDistinct({ userId: searchReservations.userId })
    .from(searchReservations)
    .where(lte(searchReservations.expiresAt, now));
  let expired = 0;
  for (const { userId } of owners) {
    expired += await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      return refundExpired(tx, and(eq(searchReservations.userId, userId), lte(searchReservations.expiresAt, now)));
    });
  }
  return expired;
}
