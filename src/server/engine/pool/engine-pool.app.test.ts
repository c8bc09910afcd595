import { count, eq } from 'drizzle-orm';
import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { searchReservations } from '../../db/schema/index.ts';
import { fakeAnalysis } from '../../test/fake-engine.ts';
import { createUser } from '../../test/factories.ts';
import { postSearch, storedSearchCount } from '../../test/search-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EnginePool } from './engine-pool.ts';

// The engine pool through the app: searches reach it, a full queue is a 503 in the error envelope
// with Retry-After and gives the reservation back, and /api/health answers "busy" (200) while
// analyses run in the workers.

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function reservationsOf(t: TestApp, userId: number): Promise<number> {
  const [row] = await t.db.db
    .select({ n: count() })
    .from(searchReservations)
    .where(eq(searchReservations.userId, userId));
  return Number(row?.n ?? 0);
}

describe('searches on the engine pool', () => {
  it('a full queue answers 503 + Retry-After in the envelope, releases the reservation, and health says busy', async () => {
    const t = await createTestApp({
      env: { ENGINE_WORKERS: '1', ENGINE_QUEUE_LIMIT: '0' },
      overrides: { engineWorker: new URL('./test/scripted-worker.mjs', import.meta.url) },
    });
    apps.push(t);
    const pool = t.app.engine as EnginePool;
    const channel = new BroadcastChannel(`scripted-engine:${t.env.DATA_DIR_ABS}`);
    const user = await createUser(t);
    const first = postSearch(t, user, 'hold: invoicing for plumbers');
    // Dispatched to the worker; the release below is sent after three more requests, when the
    // worker holds it (a release that reached the worker before the job would be lost: a hang, not a pass).
    await vi.waitFor(() => expect(pool.load().running).toBe(1));

    const refused = await postSearch(t, user, 'invoicing for electricians');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The streamed form of the same refusal, before any line: the same envelope and status.
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      headers: { ...user.headers, accept: 'application/x-ndjson' },
      payload: { query: 'invoicing for roofers' },
    });
    expect(streamed.statusCode).toBe(503);
    expect(streamed.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(Number(streamed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Only the held search keeps a reservation: the refused ones gave their unit and slot back.
    expect(await reservationsOf(t, user.user.id)).toBe(1);

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().data).toMatchObject({
      status: 'busy',
      busy: ['engine'],
      engine: { pool: { workers: 1, running: 1, queued: 0, saturated: true } },
    });

    channel.postMessage({ analysis: fakeAnalysis('hold: invoicing for plumbers', defaultFilters()) });
    expect((await first).statusCode).toBe(200);
    channel.close();
    expect(await storedSearchCount(t, user.user.id)).toBe(1);
    expect(await reservationsOf(t, user.user.id)).toBe(0);
    const idle = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(idle.json().data).toMatchObject({ status: 'ok', busy: [] });
  });

  it('the request thread answers health while the real engine worker still has analyses to run', async () => {
    const t = await createTestApp({ env: { ENGINE_WORKERS: '1' } });
    apps.push(t);
    const queries = ['meal planning for families', 'invoicing for plumbers', 'scheduling for dentists'];
    let finished = 0;
    const analyses = Array.from({ length: 6 }, (_, i) =>
      t.app.engine.analyze({ query: queries[i % 3]!, filters: defaultFilters() }).then(() => finished++),
    );
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const finishedAtHealth = finished;
    expect(health.statusCode).toBe(200);
    expect(health.json().data.status).toBe('busy');
    await Promise.all(analyses);
    expect(finishedAtHealth).toBeLessThan(6);
    expect(finished).toBe(6);
  });
});
