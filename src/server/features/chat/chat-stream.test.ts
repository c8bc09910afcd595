import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_DAILY_MESSAGES } from '#shared/chat/chat.constants.ts';
import { CHAT_STREAM_CONTENT_TYPE, type Conversation, type Exchange } from '#shared/chat/chat.schemas.ts';
import { chatDailyUsage } from '../../db/schema/index.ts';
import { MOCK_USAGE } from '../../engine/test/test-model.ts';
import { AppError } from '../../lib/platform/app-error.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { respondWithAnswer } from './chat-stream.http.ts';

// A streamed question fails the way every other route fails (issue 32): a refusal before the first
// line is the envelope with its status, logged as the error handler logs it (nothing for a user's
// mistake, one warn line without a stack for a 5xx AppError); a failure after the first line is the
// last line, logged the same way.

const model = new MockLanguageModelV3({
  doStream: async () => ({
    stream: simulateReadableStream({
      chunks: [
        { type: 'stream-start' as const, warnings: [] },
        { type: 'text-start' as const, id: 't' },
        { type: 'text-delta' as const, id: 't', delta: 'The analysis has no evidence on that.' },
        { type: 'text-end' as const, id: 't' },
        { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: 'stop' }, usage: MOCK_USAGE },
      ],
    }),
  }),
});

const partialExchange = { question: {}, answer: {}, usage: {} } as unknown as Exchange;
const lines: string[] = [];
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let conversation: Conversation;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => lines.push(line) },
    overrides: { chatModel: model },
    extend: (app) => {
      // The same answer helper with failures the real route cannot be made to raise on demand.
      app.post<{ Params: { failure: string } }>('/api/__chat/:failure', (request, reply) =>
        respondWithAnswer(request, reply, async ({ onDelta }) => {
          const { failure } = request.params;
          if (failure === 'busy-before') throw new AppError('SERVICE_UNAVAILABLE', 'The model is busy.');
          onDelta?.('Half an ans');
          if (failure === 'busy-after') throw new AppError('SERVICE_UNAVAILABLE', 'The model is busy.');
          if (failure === 'limit-after') throw new AppError('RATE_LIMITED', 'Too many questions.');
          if (failure === 'boom-after') throw new TypeError('cannot read properties of undefined');
          return partialExchange;
        }),
      );
    },
  });
  owner = await createUser(t);
  stranger = await createUser(t);
  const search = await t.app.inject({
    method: 'POST',
    url: '/api/search',
    headers: owner.headers,
    payload: { query: 'bookkeeping for restaurants' },
  });
  const analysisId = search.json<{ data: { search: { id: number } } }>().data.search.id;
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: owner.headers,
    payload: { analysisId },
  });
  conversation = opened.json<{ data: Conversation }>().data;
});
afterAll(() => t.close());

type LogLine = { level: number; msg?: string; code?: string; status?: number; err?: { stack?: string } };

/** One request's response and its own log lines (without Fastify's incoming/completed lines). */
async function logged(request: () => Promise<LightMyRequestResponse>) {
  const before = lines.length;
  const res = await request();
  // A streamed answer's last line can be logged just after the response ends.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const raw = lines.slice(before).join('');
  const own = lines
    .slice(before)
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.msg !== 'incoming request' && line.msg !== 'request completed');
  return { res, own, raw };
}

const ask = (user: TestUser, streamed: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversation.id}/messages`,
    headers: { ...user.headers, ...(streamed ? { accept: CHAT_STREAM_CONTENT_TYPE } : {}) },
    payload: { content: 'Who competes here?' },
  });

const streamLines = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('a streamed question that is refused', () => {
  it('answers the envelope with its status, exactly like the same question not streamed', async () => {
    const streamedOk = await ask(owner, true);
    expect(streamedOk.statusCode).toBe(201);
    expect(streamLines(streamedOk.body).map((l) => l.type)).toEqual(['delta', 'done']);

    // Not the stranger's conversation: 404, the caller's mistake, no line of its own.
    const plain = await logged(() => ask(stranger, false));
    const streamed = await logged(() => ask(stranger, true));
    expect(plain.res.statusCode).toBe(404);
    expect(streamed.res.statusCode).toBe(404);
    expect(streamed.res.headers['content-type']).toMatch(/^application\/json/);
    expect(streamed.res.json()).toEqual(plain.res.json());
    expect(streamed.res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(streamed.own).toEqual([]);
  });

  it('over the day’s limit answers 402 QUOTA_EXCEEDED in the envelope and logs nothing of its own', async () => {
    const day = new Date().toISOString().slice(0, 10);
    await t.db.db
      .insert(chatDailyUsage)
      .values({ userId: owner.user.id, day, count: CHAT_DAILY_MESSAGES.free })
      .onConflictDoUpdate({
        target: [chatDailyUsage.userId, chatDailyUsage.day],
        set: { count: CHAT_DAILY_MESSAGES.free },
      });
    const plain = await logged(() => ask(owner, false));
    const streamed = await logged(() => ask(owner, true));
    expect(streamed.res.statusCode).toBe(402);
    expect(streamed.res.json()).toEqual(plain.res.json());
    expect(streamed.res.json()).toMatchObject({ success: false, code: 'QUOTA_EXCEEDED' });
    expect(streamed.own).toEqual([]);
  });

  it('a 5xx AppError before the first line: the envelope with 503 and one warn line without a stack', async () => {
    const { res, own, raw } = await logged(() =>
      t.app.inject({ method: 'POST', url: '/api/__chat/busy-before', headers: { accept: CHAT_STREAM_CONTENT_TYPE } }),
    );
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, code: 'SERVICE_UNAVAILABLE', message: 'The model is busy.' });
    expect(own).toEqual([
      expect.objectContaining({ level: 40, code: 'SERVICE_UNAVAILABLE', status: 503, msg: 'The model is busy.' }),
    ]);
    expect(own[0]).not.toHaveProperty('err');
    expect(raw).not.toMatch(/\bstack\b|\n\s+at /);
  });
});

describe('a streamed answer that fails after its first line', () => {
  it('ends with an error line; a 5xx AppError logs one warn line without a stack', async () => {
    const { res, own, raw } = await logged(() =>
      t.app.inject({ method: 'POST', url: '/api/__chat/busy-after', headers: { accept: CHAT_STREAM_CONTENT_TYPE } }),
    );
    expect(res.statusCode).toBe(201);
    expect(streamLines(res.body)).toEqual([
      { type: 'delta', text: 'Half an ans' },
      { type: 'error', code: 'SERVICE_UNAVAILABLE', message: 'The model is busy.' },
    ]);
    expect(own).toEqual([
      expect.objectContaining({ level: 40, code: 'SERVICE_UNAVAILABLE', status: 503, msg: 'The model is busy.' }),
    ]);
    expect(own[0]).not.toHaveProperty('err');
    expect(raw).not.toMatch(/\bstack\b|\n\s+at /);
  });

  it('an AppError below 500 logs nothing; an unexpected error keeps its stack and says INTERNAL', async () => {
    const limited = await logged(() =>
      t.app.inject({ method: 'POST', url: '/api/__chat/limit-after', headers: { accept: CHAT_STREAM_CONTENT_TYPE } }),
    );
    expect(streamLines(limited.res.body).at(-1)).toEqual({
      type: 'error',
      code: 'RATE_LIMITED',
      message: 'Too many questions.',
    });
    expect(limited.own).toEqual([]);

    const boom = await logged(() =>
      t.app.inject({ method: 'POST', url: '/api/__chat/boom-after', headers: { accept: CHAT_STREAM_CONTENT_TYPE } }),
    );
    expect(streamLines(boom.res.body).at(-1)).toMatchObject({ type: 'error', code: 'INTERNAL' });
    expect(boom.own).toHaveLength(1);
    expect(boom.own[0]!.level).toBe(50);
    expect(boom.own[0]!.err?.stack).toMatch(/chat-stream\.test\.ts/);
  });
});
