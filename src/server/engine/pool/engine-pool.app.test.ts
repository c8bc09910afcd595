import { count, eq } from 'drizzle-orm';
import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { SEARCH_STREAM_CONTENT_TYPE, type SearchStreamLine } from '#shared/searches/search.schemas.ts';
import { searchReservations } from '../../db/schema/index.ts';
import { fakeAnalysis } from '../../test/fake-engine.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { postSearch, storedSearchCount } from '../../test/search-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { EnginePool } from './engine-pool.ts';

// The engine pool through the app: searches reach it, a full queue is a 503 in the error envelope
// with Retry-After and gives the reservation back, a streamed search waiting in the queue starts
// its answer at once with `queued` lines, and /api/health answers "busy" (200) while analyses run
// in the workers.

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

/** An app whose one engine worker is the scripted one (test/scripted-worker.mjs), and its release channel. */
async function scriptedApp(queueLimit: number) {
  const t = await createTestApp({
    env: { ENGINE_WORKERS: '1', ENGINE_QUEUE_LIMIT: String(queueLimit) },
    overrides: { engineWorker: new URL('./test/scripted-worker.mjs', import.meta.url) },
  });
  apps.push(t);
  const channel = new BroadcastChannel(`scripted-engine:${t.env.DATA_DIR_ABS}`);
  return { t, pool: t.app.engine as EnginePool, channel };
}

/** A streamed search over real HTTP, read line by line as the browser reads it. */
async function streamedSearch(address: string, user: TestUser, query: string) {
  const res = await fetch(`${address}/api/search`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json', accept: SEARCH_STREAM_CONTENT_TYPE },
    body: JSON.stringify({ query }),
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  /** The next whole line; null at the end of the stream. */
  async function next(): Promise<SearchStreamLine | null> {
    for (;;) {
      const end = buffered.indexOf('\n');
      if (end >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        return JSON.parse(line) as SearchStreamLine;
      }
      const chunk = await reader.read();
      if (chunk.done) return null;
      buffered += chunk.value;
    }
  }
  return { res, next };
}

/** Rejects when `promise` takes longer than `ms`: a stream that never starts is a failure, not a hang. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`${what}: nothing in ${ms} ms`)), ms)),
  ]);
}

describe('searches on the engine pool', () => {
  it('a full queue answers 503 + Retry-After in the envelope, releases the reservation, and health says busy', async () => {
    const { t, pool, channel } = await scriptedApp(0);
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

  it('a streamed search waiting for a free engine slot starts its answer at once: queued lines, then the stages', async () => {
    const { t, pool, channel } = await scriptedApp(2);
    const release = () => channel.postMessage({ analysis: fakeAnalysis('hold: released', defaultFilters()) });
    const [holder, second, third] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const running = postSearch(t, holder, 'hold: invoicing for plumbers');
    await vi.waitFor(() => expect(pool.load().running).toBe(1));

    // Headers and the first line arrive while the analysis waits, not when a worker takes it.
    const b = await within(5_000, streamedSearch(address, second, 'hold: invoicing for roofers'), 'second search');
    expect(b.res.status).toBe(200);
    expect(b.res.headers.get('content-type')).toContain(SEARCH_STREAM_CONTENT_TYPE);
    expect(await within(5_000, b.next(), 'second search')).toEqual({ type: 'queued', position: 1 });
    const c = await within(5_000, streamedSearch(address, third, 'hold: invoicing for bakers'), 'third search');
    expect(await within(5_000, c.next(), 'third search')).toEqual({ type: 'queued', position: 2 });
    expect(pool.load()).toMatchObject({ running: 1, queued: 2 });

    // The first finishes: the second reaches the worker (its stage), the third moves up.
    release();
    expect((await running).statusCode).toBe(200);
    expect(await b.next()).toEqual({ type: 'stage', stage: 'parsing' });
    expect(await c.next()).toEqual({ type: 'queued', position: 1 });
    release();
    expect(await b.next()).toMatchObject({ type: 'done', data: { upgradeRequired: false } });
    expect(await b.next()).toBeNull();
    expect(await c.next()).toEqual({ type: 'stage', stage: 'parsing' });
    release();
    expect(await c.next()).toMatchObject({ type: 'done', data: { upgradeRequired: false } });
    channel.close();
    for (const user of [holder, second, third]) expect(await storedSearchCount(t, user.user.id)).toBe(1);
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
