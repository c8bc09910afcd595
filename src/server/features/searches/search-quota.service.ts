import { lte, sql } from 'drizzle-orm';
import { SEARCHES_IN_FLIGHT_PER_USER } from '#shared/plans/plans.constants.ts';
import { MINUTE_MS } from '#shared/app/time.constants.ts';
import type { Database, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { searchReservations } from '../../db/schema/index.ts';

// The search quota, reserved before the engine runs (docs/decisions/011-quota-before-the-engine.md).
// A search takes one unit of the monthly count and one in-flight slot under the user's row lock, so
// concurrent requests serialise and see each other's reservations. The unit is given back when the
// analysis fails or is cancelled, and when the answer does not use up a search
// (docs/product/plans.md: abstentions and empty answers are free). The rules are database functions
// (migration 0032, docs/decisions/051): reserving, settling or releasing is one statement.

/** How long a reservation holds before a crashed request's unit is given back. */
export const SEARCH_RESERVATION_TTL_MS = 10 * MINUTE_MS;

export type Reservation = { id: number; userId: number; quotaMonth: string };
export type ReserveResult =
  { kind: 'reserved'; reservation: Reservation } | { kind: 'quota_exhausted' } | { kind: 'too_many_in_flight' };

/** The error unbuilt_settle_search raises (asked to) when the quota no longer allows the search. */
const QUOTA_REFUSED_SQLSTATE = 'UB001';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Reserves a search before the engine runs: expired reservations given back, then the in-flight
 * cap, then the conditional count, then the reservation row — one statement under the user's row lock.
 */
export async function reserveSearch(
  db: Database,
  options: { userId: number; limit: number | null; now: Date; maxInFlight?: number },
): Promise<ReserveResult> {
  const { userId, limit, now, maxInFlight = SEARCHES_IN_FLIGHT_PER_USER } = options;
  // Releases owed from an outage go first: they may be this user's own slots.
  await retryPendingReleases(db);
  const expiresAt = new Date(now.getTime() + SEARCH_RESERVATION_TTL_MS);
  const [row] = rowsOf<{ outcome: string; reservation_id: number | null; month: string }>(
    await db.execute(
      sql`select * from unbuilt_reserve_search(${userId}::integer, ${limit}::integer, ${at(now)}, ${at(expiresAt)}, ${maxInFlight}::integer)`,
    ),
  );
  if (!row) throw new Error('The search reservation was not stored.');
  if (row.outcome === 'too_many_in_flight') return { kind: 'too_many_in_flight' };
  if (row.outcome !== 'reserved' || row.reservation_id === null) return { kind: 'quota_exhausted' };
  return { kind: 'reserved', reservation: { id: Number(row.reservation_id), userId, quotaMonth: row.month } };
}

async function releaseNow(db: Database, reservation: Reservation): Promise<void> {
  await db.execute(
    sql`select unbuilt_drop_reservations(${reservation.userId}::integer, ${reservation.id}::integer, null)`,
  );
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

type SettleOptions = { reservation: Reservation; usesSearch: boolean; limit: number | null; now: Date };

/**
 * The call that settles a reservation, for a statement that also stores the answer
 * (persist-analysis.service.ts): frees the slot and keeps the unit when the answer uses up a search,
 * gives it back when it does not; a reservation that already expired (its unit given back) is
 * counted again, within the limit. When the quota no longer allows it the statement fails with
 * UB001 and stores nothing (isQuotaRefused).
 */
export function settleCall(options: SettleOptions, raise: boolean) {
  const { reservation, usesSearch, limit, now } = options;
  return sql`unbuilt_settle_search(${reservation.id}::integer, ${reservation.userId}::integer, ${reservation.quotaMonth}::text, ${usesSearch}::boolean, ${limit}::integer, ${at(now)}, ${raise}::boolean)`;
}

/** Whether a failed statement was refused by settleCall(…, true): the quota no longer allows the search. */
export function isQuotaRefused(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === QUOTA_REFUSED_SQLSTATE) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** settleCall inside a transaction that stores the answer itself; false = the quota no longer allows it. */
export async function settleReservation(tx: Tx, options: SettleOptions): Promise<boolean> {
  const [row] = rowsOf<{ settled: boolean }>(await tx.execute(sql`select ${settleCall(options, false)} as settled`));
  return row?.settled === true;
}

/** Gives back the units of reservations a crashed process left behind (the searches.expire-reservations job). */
export async function expireReservations(db: Database, now: Date): Promise<number> {
  const owners = await db
    .selectDistinct({ userId: searchReservations.userId })
    .from(searchReservations)
    .where(lte(searchReservations.expiresAt, now));
  let expired = 0;
  for (const { userId } of owners) {
    // One statement (one transaction) a user, under that user's row lock.
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select unbuilt_drop_reservations(${userId}::integer, null, ${at(now)}) as n`),
    );
    expired += Number(row?.n ?? 0);
  }
  return expired;
}
