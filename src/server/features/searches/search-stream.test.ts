import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '#shared/app/time.constants.ts';
import { PAID_SEARCHES_PER_MINUTE, SEARCHES_IN_FLIGHT_PER_USER } from '#shared/plans/plans.constants.ts';
import { SEARCH_STREAM_CONTENT_TYPE } from '#shared/searches/search.schemas.ts';
import { rateLimits, searchReservations } from '../../db/schema/index.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import { createFakeEngine } from '../../test/fake-engine.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { PRO, storedSearchCount } from '../../test/search-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { SearchEngine } from './search-engine.provider.ts';
import { scaled } from '../../test/timeouts.ts';

// A streamed search fails the way every other route fails (issue 32, as the assistant's stream):
// a refusal before the first line is the envelope with its status, exactly as without streaming,
// logged as the error handler logs it (nothing for a caller's mistake, one warn line without a
// stack for a 5xx AppError); a failure after the first line is the stream's last line, logged the
// same way.

const fake = createFakeEngine();
let openGate: () => void = () => undefined;
/** Queries starting "held " wait for this (searches in flight). */
let gate: Promise<void> = Promise.resolve();
/** The fake engine, except for queries naming a failure the real engine cannot raise on demand. */
const engine: SearchEngine = {
  analyze: async (input, hooks) => {
    const { query } = input;
    if (query.startsWith('held ')) {
      hooks?.onStage?.('parsing');
      await gate;
    }
    if (query === 'busy before')
      throw new AppError('SERVICE_UNAVAILABLE', 'The engine is busy.', undefined, { 'retry-after': '3' });
    if (query.endsWith(' after')) {
      hooks?.onStage?.('parsing');
      if (query === 'busy after') throw new AppError('SERVICE_UNAVAILABLE', 'The engine is busy.');
      if (query === 'boom after') throw new TypeError('cannot read properties of undefined');
      if (query === 'garbage after') return { query } as unknown as Awaited<ReturnType<SearchEngine['analyze']>>;
    }
    return fake.analyze(input, hooks);
  },
};

const lines: string[] = [];
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let ownSearchId: number;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => lines.push(line) },
    overrides: { searchEngine: engine },
  });
  owner = await createUser(t, PRO);
  stranger = await createUser(t, PRO);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/search',
    headers: owner.headers,
    payload: { query: 'bookkeeping for restaurants' },
  });
  ownSearchId = res.json<{ data: { search: { id: number } } }>().data.search.id;
});
afterAll(() => t.close());

type LogLine = { level: number; msg?: string; code?: string; status?: number; err?: { stack?: string } };

/** One request's response and its own log lines (without Fastify's incoming/completed lines). */
async function logged(request: () => Promise<LightMyRequestResponse>) {
  const before = lines.length;
  const res = await request();
  // A streamed search's last line can be logged just after the response ends.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const raw = lines.slice(before).join('');
  const own = lines
    .slice(before)
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.msg !== 'incoming request' && line.msg !== 'request completed');
  return { res, own, raw };
}

const accept = (streamed: boolean) => (streamed ? { accept: SEARCH_STREAM_CONTENT_TYPE } : {});

const search = (user: TestUser, payload: object, streamed: boolean) =>
  t.app.inject({
    method: 'POST',
    url: '/api/search',
    headers: { ...user.headers, ...accept(streamed) },
    payload,
  });

const rerun = (user: TestUser, id: number, streamed: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/api/searches/${id}/rerun`,
    headers: { ...user.headers, ...accept(streamed) },
    payload: {},
  });

const streamLines = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The streamed refusal is the plain one: same status, same envelope, JSON, logged nothing. */
async function expectSameRefusal(
  plainRequest: () => Promise<LightMyRequestResponse>,
  streamedRequest: typeof plainRequest,
) {
  const plain = await logged(plainRequest);
  const streamed = await logged(streamedRequest);
  expect(streamed.res.statusCode).toBe(plain.res.statusCode);
  expect(streamed.res.headers['content-type']).toMatch(/^application\/json/);
  expect(streamed.res.json()).toEqual(plain.res.json());
  expect(streamed.own).toEqual([]);
  return streamed.res;
}

describe('a streamed search that is refused before its first line', () => {
  it('streams stages and ends in done when nothing refuses it', async () => {
    const res = await rerun(owner, ownSearchId, true);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(SEARCH_STREAM_CONTENT_TYPE);
    expect(streamLines(res.body).at(-1)).toMatchObject({ type: 'done', data: { upgradeRequired: false } });
  });

  it('re-running another user’s search: 404 NOT_FOUND in the envelope', async () => {
    const res = await expectSameRefusal(
      () => rerun(stranger, ownSearchId, false),
      () => rerun(stranger, ownSearchId, true),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('bad input: 400 VALIDATION_FAILED with its field errors, nothing stored', async () => {
    const before = await storedSearchCount(t, stranger.user.id);
    const res = await expectSameRefusal(
      () => search(stranger, { query: '   ' }, false),
      () => search(stranger, { query: '   ' }, true),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      fieldErrors: { query: expect.any(String) },
    });
    expect(await storedSearchCount(t, stranger.user.id)).toBe(before);
  });

  it('over the rate limit: 429 RATE_LIMITED with its message and Retry-After', async () => {
    const windowStart = new Date(Math.floor(t.clock.now().getTime() / MINUTE_MS) * MINUTE_MS);
    await t.db.db
      .insert(rateLimits)
      .values({ key: `search:user:${stranger.user.id}`, windowStart, count: PAID_SEARCHES_PER_MINUTE })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: PAID_SEARCHES_PER_MINUTE },
      });
    const res = await expectSameRefusal(
      () => search(stranger, { query: 'florists' }, false),
      () => search(stranger, { query: 'florists' }, true),
    );
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'You are searching very quickly. Please wait a minute and try again.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it(`${SEARCHES_IN_FLIGHT_PER_USER} searches already running: of six streamed at once, ${SEARCHES_IN_FLIGHT_PER_USER} stream and the rest are 429 envelopes`, async () => {
    gate = new Promise((resolve) => (openGate = resolve));
    const user = await createUser(t, PRO);
    const answered: LightMyRequestResponse[] = [];
    const sent = Array.from({ length: 6 }, (_, i) =>
      search(user, { query: `held ${String(i)}` }, true).then((res) => {
        answered.push(res);
        return res;
      }),
    );
    // The refusals answer while the admitted searches are still held in the engine.
    await expect.poll(() => answered.length, { timeout: scaled(10_000) }).toBe(6 - SEARCHES_IN_FLIGHT_PER_USER);
    const inFlight = `You already have ${SEARCHES_IN_FLIGHT_PER_USER} searches running. Wait for one to finish.`;
    for (const res of answered) {
      expect(res.statusCode).toBe(429);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ success: false, code: 'RATE_LIMITED', message: inFlight });
    }
    // One more, plain and streamed, while both are still running: the same refusal, nothing logged.
    const again = await expectSameRefusal(
      () => search(user, { query: 'florists' }, false),
      () => search(user, { query: 'florists' }, true),
    );
    expect(again.statusCode).toBe(429);
    openGate();
    const admitted = (await Promise.all(sent)).filter((res) => res.statusCode === 200);
    expect(admitted).toHaveLength(SEARCHES_IN_FLIGHT_PER_USER);
    for (const res of admitted) {
      expect(res.headers['content-type']).toContain(SEARCH_STREAM_CONTENT_TYPE);
      expect(streamLines(res.body)[0]).toEqual({ type: 'stage', stage: 'parsing' });
      expect(streamLines(res.body).at(-1)).toMatchObject({ type: 'done', data: { upgradeRequired: false } });
    }
    expect(await storedSearchCount(t, user.user.id)).toBe(SEARCHES_IN_FLIGHT_PER_USER);
    const held = await t.db.db.select().from(searchReservations).where(eq(searchReservations.userId, user.user.id));
    expect(held).toEqual([]);
  });

  it('a 5xx AppError: 503 in the envelope with its headers, one warn line without a stack, nothing stored', async () => {
    const before = await storedSearchCount(t, owner.user.id);
    const { res, own, raw } = await logged(() => search(owner, { query: 'busy before' }, true));
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('3');
    expect(res.json()).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: 'The engine is busy.' });
    expect(own).toEqual([
      expect.objectContaining({ level: 40, code: 'SERVICE_UNAVAILABLE', status: 503, msg: 'The engine is busy.' }),
    ]);
    expect(own[0]).not.toHaveProperty('err');
    expect(raw).not.toMatch(/\bstack\b|\n\s+at /);
    expect(await storedSearchCount(t, owner.user.id)).toBe(before);
  });
});

describe('a streamed search that fails after its first line', () => {
  it('ends with an error line; a 5xx AppError logs one warn line without a stack', async () => {
    const { res, own, raw } = await logged(() => search(owner, { query: 'busy after' }, true));
    expect(res.statusCode).toBe(200);
    expect(streamLines(res.body)).toEqual([
      { type: 'stage', stage: 'parsing' },
      { type: 'error', code: 'SERVICE_UNAVAILABLE', message: 'The engine is busy.' },
    ]);
    expect(own).toEqual([
      expect.objectContaining({ level: 40, code: 'SERVICE_UNAVAILABLE', status: 503, msg: 'The engine is busy.' }),
    ]);
    expect(own[0]).not.toHaveProperty('err');
    expect(raw).not.toMatch(/\bstack\b|\n\s+at /);
  });

  it('an unexpected error says INTERNAL and keeps its stack in the one log line', async () => {
    const { res, own } = await logged(() => search(owner, { query: 'boom after' }, true));
    expect(streamLines(res.body).at(-1)).toEqual({
      type: 'error',
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(own).toHaveLength(1);
    expect(own[0]!.level).toBe(50);
    expect(own[0]!.err?.stack).toMatch(/search-stream\.test\.ts/);
  });

  it('an analysis that breaks the engine contract is INTERNAL, streamed or not (never a 400)', async () => {
    const streamed = await logged(() => search(owner, { query: 'garbage after' }, true));
    expect(streamLines(streamed.res.body).at(-1)).toEqual({
      type: 'error',
      code: 'INTERNAL',
      message: 'The analysis came back incomplete. Please try again.',
    });
    expect(streamed.own).toEqual([expect.objectContaining({ level: 50 })]);
    const plain = await search(owner, { query: 'garbage after' }, false);
    expect(plain.statusCode).toBe(500);
    expect(plain.json()).toMatchObject({ success: false, code: 'INTERNAL' });
  });
});
