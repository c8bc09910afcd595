import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { analyticsEvents, users, type UserRow } from '../../db/schema/index.ts';
import { createClock } from '../../lib/platform/clock.ts';
import { createFakeEngine } from '../../test/fake-engine.ts';
import { statementsOf } from '../../test/statement-counter.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { runSearch } from './run-search.service.ts';
import { releaseReservation, reserveSearch } from './search-quota.service.ts';

// What one search costs the request thread in database statements (docs/decisions/051): each is a
// round trip to PostgreSQL, and on PGlite five or six protocol messages through WebAssembly (in the
// server, on PGlite's own worker thread, docs/decisions/065; here on an in-process PGlite). The quota's reservation rules are database functions, so a search is the
// rate-limit upsert, the reservation, and the statement that settles it and stores the answer (with
// the search's analytics event, docs/decisions/059).
// Counted at the driver, with no app around the service (no job polling to count by mistake).

let db: TestDatabase;
let user: UserRow;

beforeAll(async () => {
  db = await createTestDatabase();
  const [row] = await db.db
    .insert(users)
    .values({ name: 'Counted', email: 'counted@example.test', subscriptionTier: 'pro', subscriptionStatus: 'active' })
    .returning();
  user = row!;
});
afterAll(() => db.close());

describe('statements a search sends', () => {
  // ADR 059: the search's analytics event is written by the statement that stores it, not after.
  it('a stored search: the rate limit, the reservation, then one statement that settles it and stores the answer with its event', async () => {
    const engine = createFakeEngine();
    const event = { userAgent: 'counting-agent', sessionId: 'counting-session' };
    const search = () =>
      runSearch({ db: db.db, clock: createClock(), engine, user, query: 'invoicing for plumbers', event, hooks: {} });
    await search(); // the first search prepares what is prepared once
    let outcome: Awaited<ReturnType<typeof search>> | undefined;
    const sent = await statementsOf(db, async () => (outcome = await search()));
    const searchId = outcome?.data.search?.id;
    expect(searchId).toEqual(expect.any(Number));
    expect(sent).toHaveLength(3);
    expect(sent[1]).toContain('unbuilt_reserve_search');
    expect(sent[2]).toContain('unbuilt_settle_search');
    expect(sent[2]).toContain('analytics_events');
    const events = await db.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, user.id));
    expect(events.at(-1)).toMatchObject({ eventType: 'search_run', metadata: { searchId }, ...event });
  });

  it('a release after a failed analysis is one statement', async () => {
    const reserved = await reserveSearch(db.db, { userId: user.id, limit: null, now: new Date() });
    if (reserved.kind !== 'reserved') throw new Error(reserved.kind);
    const sent = await statementsOf(db, () => releaseReservation(db.db, reserved.reservation));
    expect(sent).toEqual([expect.stringContaining('unbuilt_drop_reservations')]);
  });
});
