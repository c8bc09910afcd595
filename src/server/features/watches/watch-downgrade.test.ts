import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { watchLimitMessage, watchPausedMessage, type WatchState } from '#shared/watches/watches.schemas.ts';
import { notifications, searches, users, watchRuns, watches } from '../../db/schema/index.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rerunWatch } from './watches.service.ts';

// A downgrade above the watch limit (issue 33, ADR 035): a Pro user watching three markets becomes
// Free (limit 1). The oldest watch stays active, the two newer ones are paused — kept with their
// history, shown as paused with why, not re-run on new data — and upgrading again resumes them.
// Stopping the active one resumes the next oldest.

const OLD_VERSION = 'full-before-downgrade';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function call(user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string) {
  return t.app.inject({ method, url, headers: user.headers });
}

/** A stored analysis made on an older corpus, so a re-run on the engine's version is a new run. */
async function storedSearch(userId: number): Promise<number> {
  const [row] = await t.db.db
    .insert(searches)
    .values({
      userId,
      query: 'dental clinic scheduling',
      filters: defaultFilters(),
      status: 'ok',
      engine: 'offline',
      composerMode: 'offline',
      corpusVersion: OLD_VERSION,
      corpusKind: 'seed',
      rubricVersion: 'test',
      facets: { offering: [], segment: [], keywords: [] },
    })
    .returning({ id: searches.id });
  return row!.id;
}

async function state(user: TestUser, searchId: number): Promise<WatchState> {
  const res = await call(user, 'GET', `/api/searches/${searchId}/watch`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: WatchState }>().data;
}

async function setTier(user: TestUser, tier: 'free' | 'pro'): Promise<void> {
  await t.db.db
    .update(users)
    .set({ subscriptionTier: tier, subscriptionStatus: tier === 'pro' ? 'active' : 'canceled' })
    .where(eq(users.id, user.user.id));
}

/** A Pro user watching three markets, started a minute apart (oldest first). */
async function proWatchingThree(): Promise<{ user: TestUser; ids: number[]; watchIds: number[] }> {
  const user = await createUser(t, { subscriptionTier: 'pro', subscriptionStatus: 'active' });
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    const id = await storedSearch(user.user.id);
    expect((await call(user, 'POST', `/api/searches/${id}/watch`)).statusCode).toBe(200);
    ids.push(id);
    t.clock.advance(60_000);
  }
  const watchIds = await Promise.all(
    ids.map(async (id) => (await t.db.db.select().from(watches).where(eq(watches.searchId, id)))[0]!.id),
  );
  return { user, ids, watchIds };
}

function rerun(watchId: number) {
  return rerunWatch({
    db: t.db.db,
    engine: t.app.engine,
    now: () => t.clock.now(),
    watchId,
    corpusVersion: t.app.engine.status().corpusVersion,
  });
}

async function runsOf(watchId: number) {
  return t.db.db.select().from(watchRuns).where(eq(watchRuns.watchId, watchId));
}

describe('a downgrade above the watch limit', () => {
  it('keeps the oldest watch active and pauses the newer ones, with why, without deleting them', async () => {
    const { user, ids, watchIds } = await proWatchingThree();
    for (const id of ids) expect(await state(user, id)).toMatchObject({ isPaused: false, pausedReason: null });

    await setTier(user, 'free');
    const [oldest, second, third] = await Promise.all(ids.map((id) => state(user, id)));
    expect(oldest).toMatchObject({ isWatching: true, isPaused: false, pausedReason: null, used: 3, limit: 1 });
    for (const paused of [second, third])
      expect(paused).toMatchObject({ isWatching: true, isPaused: true, pausedReason: watchPausedMessage(1) });
    // Nothing deleted: every watch and its baseline run are still there.
    for (const watchId of watchIds) expect(await runsOf(watchId)).toHaveLength(1);
    // And no new watch while above the limit.
    const more = await call(user, 'POST', `/api/searches/${await storedSearch(user.user.id)}/watch`);
    expect(more.statusCode).toBe(402);
    expect(more.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', message: watchLimitMessage(1) });
  });

  it('re-runs only the active watch on new data; paused ones are not run and notify nobody', async () => {
    const { user, watchIds } = await proWatchingThree();
    await setTier(user, 'free');
    const outcomes = [];
    for (const watchId of watchIds) outcomes.push(await rerun(watchId));
    expect(outcomes[0]).toMatch(/^(changed|unchanged)$/);
    expect(outcomes.slice(1)).toEqual(['paused', 'paused']);
    expect((await runsOf(watchIds[0]!)).map((r) => r.kind).sort()).toEqual(['baseline', 'rerun']);
    for (const watchId of watchIds.slice(1)) expect((await runsOf(watchId)).map((r) => r.kind)).toEqual(['baseline']);
    const notes = await t.db.db.select().from(notifications).where(eq(notifications.userId, user.user.id));
    expect(notes).toHaveLength(outcomes[0] === 'changed' ? 1 : 0);
  });

  it('resumes every paused watch on upgrading again, and re-runs it on new data', async () => {
    const { user, ids, watchIds } = await proWatchingThree();
    await setTier(user, 'free');
    expect(await rerun(watchIds[2]!)).toBe('paused');

    await setTier(user, 'pro');
    for (const id of ids)
      expect(await state(user, id)).toMatchObject({ isPaused: false, pausedReason: null, limit: 20 });
    expect(await rerun(watchIds[2]!)).toMatch(/^(changed|unchanged)$/);
    expect((await runsOf(watchIds[2]!)).map((r) => r.kind).sort()).toEqual(['baseline', 'rerun']);
  });

  it('resumes the next oldest when the user stops watching the active one', async () => {
    const { user, ids } = await proWatchingThree();
    await setTier(user, 'free');
    expect((await call(user, 'DELETE', `/api/searches/${ids[0]!}/watch`)).statusCode).toBe(200);
    expect(await state(user, ids[1]!)).toMatchObject({ isPaused: false, used: 2 });
    expect(await state(user, ids[2]!)).toMatchObject({ isPaused: true, used: 2 });
  });
});
