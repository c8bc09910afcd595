import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CorpusState } from '#shared/admin/corpus.schemas.ts';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { watchLimitMessage, type WatchState } from '#shared/watches/watches.schemas.ts';
import { notifications, searches, watchRuns, watches } from '../../db/schema/index.ts';
import { newestBatch, writeCorpusVersion } from '../../test/corpus-versions.ts';
import { createUser, reloadUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rerunWatch } from './watches.service.ts';
import { scaled } from '../../test/timeouts.ts';

// Watched markets (issue 33) against the real engine on a datasets folder that changes under it:
// `previous` (without the newest batch, two statuses as they were) is loaded at start, then the
// folder is rewritten to `current` and an admin refreshes the corpus at run time.

const CHANGING = 'software for law firms and accounting firms';
const STEADY = 'meal delivery for busy families';

const datasetsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-watch-corpus-'));
writeCorpusVersion(datasetsDir, 'previous');

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { DATASETS_DIR: datasetsDir } });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(datasetsDir, { recursive: true, force: true });
});

function call(user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
}

async function proUser(): Promise<TestUser> {
  return createUser(t, { subscriptionTier: 'pro', subscriptionStatus: 'active' });
}

/** A stored analysis without running the engine (limits and access do not depend on its content). */
async function storedSearch(userId: number, query = 'dental clinics'): Promise<number> {
  const [row] = await t.db.db
    .insert(searches)
    .values({
      userId,
      query,
      filters: defaultFilters(),
      status: 'ok',
      engine: 'offline',
      composerMode: 'offline',
      corpusVersion: t.app.engine.status().corpusVersion,
      corpusKind: 'full',
      rubricVersion: 'test',
      facets: { offering: [], segment: [], keywords: [] },
    })
    .returning({ id: searches.id });
  return row!.id;
}

async function search(user: TestUser, query: string): Promise<number> {
  const res = await call(user, 'POST', '/api/search', { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { search: { id: number } } }>().data.search.id;
}

async function watchState(user: TestUser, searchId: number): Promise<WatchState> {
  const res = await call(user, 'GET', `/api/searches/${searchId}/watch`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: WatchState }>().data;
}

async function corpusState(): Promise<CorpusState> {
  const res = await call(admin, 'GET', '/api/admin/corpus');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CorpusState }>().data;
}

/** Starts a refresh and waits for its result. */
async function refresh(): Promise<CorpusState> {
  const before = (await corpusState()).lastRefresh?.startedAt ?? null;
  const res = await call(admin, 'POST', '/api/admin/corpus/refresh');
  expect(res.statusCode, res.body).toBe(202);
  let state: CorpusState | null = null;
  await vi.waitFor(
    async () => {
      state = await corpusState();
      expect(state.building).toBeNull();
      expect(state.lastRefresh?.startedAt ?? null).not.toBe(before);
    },
    { timeout: scaled(30_000), interval: 100 },
  );
  return state!;
}

async function marketNotifications(userId: number) {
  return t.db.db.select().from(notifications).where(eq(notifications.userId, userId));
}

describe('watching a market: plan limits and access', () => {
  it('lets a free user watch exactly one market, even with concurrent requests', async () => {
    const free = await createUser(t);
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(() => storedSearch(free.user.id)));
    const answers = await Promise.all(ids.map((id) => call(free, 'POST', `/api/searches/${id}/watch`)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(5);
    for (const r of refused)
      expect(r.json()).toEqual({ success: false, code: 'QUOTA_EXCEEDED', message: watchLimitMessage(1) });
    expect(await t.db.db.select().from(watches).where(eq(watches.userId, free.user.id))).toHaveLength(1);
  });

  it('lets a Pro user watch exactly 20 markets under 24 concurrent requests, and stopping one frees a place', async () => {
    const pro = await proUser();
    const ids = await Promise.all(Array.from({ length: 24 }, () => storedSearch(pro.user.id)));
    const answers = await Promise.all(ids.map((id) => call(pro, 'POST', `/api/searches/${id}/watch`)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(answers.filter((r) => r.statusCode === 402)).toHaveLength(4);
    const watched = ids.filter((_, i) => answers[i]!.statusCode === 200);
    const unwatched = ids.filter((_, i) => answers[i]!.statusCode !== 200);

    // Watching a watched market again changes nothing.
    const again = await call(pro, 'POST', `/api/searches/${watched[0]!}/watch`);
    expect(again.json<{ data: WatchState }>().data).toMatchObject({ isWatching: true, used: 20, limit: 20 });

    const stopped = await call(pro, 'DELETE', `/api/searches/${watched[0]!}/watch`);
    expect(stopped.json<{ data: WatchState }>().data).toMatchObject({ isWatching: false, used: 19, runs: [] });
    expect((await call(pro, 'POST', `/api/searches/${unwatched[0]!}/watch`)).statusCode).toBe(200);
  });

  it("answers 404 for someone else's analysis and writes nothing", async () => {
    const owner = await proUser();
    const other = await proUser();
    const id = await storedSearch(owner.user.id);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await call(other, method, `/api/searches/${id}/watch`);
      expect(res.statusCode).toBe(404);
    }
    expect(await t.db.db.select().from(watches).where(eq(watches.searchId, id))).toEqual([]);
  });

  it('starts a watch with the analysis as its baseline run, and deleting the analysis deletes the watch', async () => {
    const pro = await proUser();
    const id = await storedSearch(pro.user.id);
    const started = await call(pro, 'POST', `/api/searches/${id}/watch`);
    const state = started.json<{ data: WatchState }>().data;
    expect(state.runs).toEqual([
      expect.objectContaining({ kind: 'baseline', corpusVersion: t.app.engine.status().corpusVersion, diff: null }),
    ]);
    const [watch] = await t.db.db.select().from(watches).where(eq(watches.searchId, id));
    expect((await call(pro, 'DELETE', `/api/searches/${id}`)).statusCode).toBe(200);
    expect(await t.db.db.select().from(watches).where(eq(watches.searchId, id))).toEqual([]);
    expect(await t.db.db.select().from(watchRuns).where(eq(watchRuns.watchId, watch!.id))).toEqual([]);
  });
});

describe('a new corpus version at run time', () => {
  it('keeps the current version and says why when the new corpus cannot be parsed', async () => {
    const before = await corpusState();
    const companies = path.join(datasetsDir, 'yc', 'companies.json');
    const good = fs.readFileSync(companies);
    fs.writeFileSync(companies, '[{"name": "Broken",');
    try {
      const after = await refresh();
      expect(after.current).toEqual(before.current);
      expect(after.lastRefresh).toMatchObject({ status: 'failed', version: null, rerunsEnqueued: 0 });
      expect(after.lastRefresh?.error).toContain('companies.json');
    } finally {
      fs.writeFileSync(companies, good);
    }
    expect(t.app.engine.status().corpusVersion).toBe(before.current.version);
  });

  it('re-runs each watched market once on the new version, names what changed, and notifies each watcher once', async () => {
    const owner = await proUser();
    const free = await createUser(t);
    const changing = await search(owner, CHANGING);
    const steady = await search(owner, STEADY);
    const freeChanging = await search(free, CHANGING);
    for (const [user, id] of [
      [owner, changing],
      [owner, steady],
      [free, freeChanging],
    ] as const)
      expect((await call(user, 'POST', `/api/searches/${id}/watch`)).statusCode).toBe(200);
    const quotaBefore = await Promise.all([reloadUser(t, owner.user.id), reloadUser(t, free.user.id)]);
    const usage = async () => {
      const res = await call(free, 'GET', '/api/user/usage');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { searchesUsed: number } }>().data;
    };
    const usageBefore = await usage();
    expect(usageBefore.searchesUsed).toBe(1);
    const previousVersion = t.app.engine.status().corpusVersion;

    writeCorpusVersion(datasetsDir, 'current');
    const swapped = await refresh();
    expect(swapped.lastRefresh).toMatchObject({ status: 'activated', previousVersion, error: null });
    expect(swapped.current.version).not.toBe(previousVersion);
    expect(swapped.lastRefresh?.version).toBe(swapped.current.version);
    expect(swapped.lastRefresh?.rerunsEnqueued).toBeGreaterThanOrEqual(3);

    let changed: WatchState | null = null;
    await vi.waitFor(
      async () => {
        changed = await watchState(owner, changing);
        expect(changed.runs.map((r) => r.kind)).toEqual(['rerun', 'baseline']);
      },
      { timeout: scaled(30_000), interval: 200 },
    );
    const run = changed!.runs[0]!;
    expect(run.corpusVersion).toBe(swapped.current.version);
    const { batch, names } = newestBatch();
    expect(run.diff?.entered).toEqual(
      expect.arrayContaining(names.map((name) => ({ name, batch, status: expect.any(String) as string }))),
    );
    expect(run.diff?.statusChanges).toContainEqual({ name: 'Atrium', from: 'Active', to: 'Inactive' });
    expect(run.diff?.scoreMoves.length).toBeGreaterThan(0);
    expect(run.diff?.scoreMoves[0]?.factor).toEqual(
      expect.objectContaining({ label: expect.any(String) as string, explanation: expect.any(String) as string }),
    );
    expect(run.changes).toBeGreaterThan(0);

    await vi.waitFor(
      async () => expect((await watchState(owner, steady)).runs.map((r) => r.kind)).toEqual(['rerun', 'baseline']),
      { timeout: scaled(30_000), interval: 200 },
    );
    expect((await watchState(owner, steady)).runs[0]).toMatchObject({ changes: 0 });
    await vi.waitFor(async () => expect((await watchState(free, freeChanging)).runs).toHaveLength(2), {
      timeout: scaled(30_000),
      interval: 200,
    });

    // Exactly one notification per watcher: the changed market; the unchanged one says nothing.
    const ownerNotes = await marketNotifications(owner.user.id);
    expect(ownerNotes).toEqual([
      expect.objectContaining({ kind: 'market_change', searchId: changing, actorId: null, emailStatus: 'pending' }),
    ]);
    expect(ownerNotes[0]!.summary).toContain('1 company entered');
    expect(await marketNotifications(free.user.id)).toEqual([
      expect.objectContaining({ kind: 'market_change', searchId: freeChanging }),
    ]);
    const bell = await call(owner, 'GET', '/api/notifications');
    expect(bell.json()).toMatchObject({
      data: { items: [{ kind: 'market_change', target: { kind: 'analysis', id: changing, section: 'what-changed' } }] },
    });

    // The search quota is untouched: no search was counted or stored by the re-runs.
    const quotaAfter = await Promise.all([reloadUser(t, owner.user.id), reloadUser(t, free.user.id)]);
    expect(quotaAfter.map((u) => u.searchCount)).toEqual(quotaBefore.map((u) => u.searchCount));
    expect(await usage()).toEqual(usageBefore);
    expect(await t.db.db.select().from(searches).where(eq(searches.userId, owner.user.id))).toHaveLength(2);

    // The same version again: nothing is queued, re-run or notified a second time.
    const again = await refresh();
    expect(again.lastRefresh).toMatchObject({ status: 'unchanged', rerunsEnqueued: 0 });
    const [watch] = await t.db.db.select().from(watches).where(eq(watches.searchId, changing));
    const outcome = await rerunWatch({
      db: t.db.db,
      engine: t.app.engine,
      now: () => t.clock.now(),
      watchId: watch!.id,
      corpusVersion: swapped.current.version,
    });
    expect(outcome).toBe('done-before');
    expect(await marketNotifications(owner.user.id)).toHaveLength(1);
    expect((await watchState(owner, changing)).runs).toHaveLength(2);
  });

  it('writes nothing and notifies nobody when a re-run fails, and throws so the job retries', async () => {
    const owner = await proUser();
    const id = await storedSearch(owner.user.id, CHANGING);
    await call(owner, 'POST', `/api/searches/${id}/watch`);
    const [watch] = await t.db.db.select().from(watches).where(eq(watches.searchId, id));
    const priorities: (string | undefined)[] = [];
    await expect(
      rerunWatch({
        db: t.db.db,
        engine: {
          status: () => ({ corpusVersion: 'full-next' }),
          analyze: (_input, options) => {
            priorities.push(options?.priority);
            return Promise.reject(new Error('The analysis engine stopped unexpectedly'));
          },
        },
        now: () => t.clock.now(),
        watchId: watch!.id,
        corpusVersion: 'full-next',
      }),
    ).rejects.toThrow('stopped unexpectedly');
    // A re-run asks the engine at background priority: people's searches go first (engine pool).
    expect(priorities).toEqual(['background']);
    expect(await t.db.db.select().from(watchRuns).where(eq(watchRuns.watchId, watch!.id))).toHaveLength(1);
    expect(await marketNotifications(owner.user.id)).toEqual([]);
  });
});
