import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '#shared/app/time.constants.ts';
import {
  CHAT_DAILY_MESSAGES,
  CHAT_MESSAGE_MAX,
  NO_EVIDENCE_ANSWER,
  QUESTION_CATEGORIES,
} from '#shared/chat/chat.constants.ts';
import type { Conversation, Exchange, HelpAnswer } from '#shared/chat/chat.schemas.ts';
import type { SearchDetail } from '#shared/searches/search.schemas.ts';
import { chatDailyUsage, conversations, users } from '../../db/schema/index.ts';
import { createUser, signInAs, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ungroundedNumbers } from './grounding.logic.ts';

// The assistant through the API on the real engine (seed corpus): one conversation per analysis
// and user, suggested questions, answers citing the analysis's evidence, edits, deletes, ratings,
// the per-plan daily limit under concurrency, and product questions from the help articles.

let t: TestApp;
const now = new Date('2026-07-01T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(now);
});
afterAll(() => t.close());

function send(user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
}

async function analysis(user: TestUser, query = 'bookkeeping for restaurants'): Promise<SearchDetail> {
  const res = await send(user, 'POST', '/api/search', { query });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json<{ data: { search: { id: number } } }>().data.search.id;
  return (await send(user, 'GET', `/api/searches/${id}`)).json<{ data: SearchDetail }>().data;
}

async function open(user: TestUser, analysisId: number, variantIds?: number[]): Promise<Conversation> {
  const res = await send(user, 'POST', '/api/chat/conversations', {
    analysisId,
    ...(variantIds ? { variantIds } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Conversation }>().data;
}

async function ask(user: TestUser, id: number, content: string, suggestedQuestionId?: number): Promise<Exchange> {
  const res = await send(user, 'POST', `/api/chat/conversations/${id}/messages`, { content, suggestedQuestionId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Exchange }>().data;
}

describe('a conversation per analysis', () => {
  let user: TestUser;
  let detail: SearchDetail;
  let conversation: Conversation;
  beforeAll(async () => {
    user = await createUser(t);
    detail = await analysis(user);
    conversation = await open(user, detail.id);
  });

  it('is created once per analysis and user, even when opened concurrently, with suggested questions by priority', async () => {
    const again = await Promise.all(Array.from({ length: 5 }, () => open(user, detail.id)));
    expect(new Set(again.map((c) => c.id))).toEqual(new Set([conversation.id]));
    const rows = await t.db.db.select().from(conversations).where(eq(conversations.analysisId, detail.id));
    expect(rows).toHaveLength(1);
    const qs = conversation.suggestedQuestions;
    expect(qs.length).toBeGreaterThanOrEqual(3);
    expect(qs.map((q) => q.priority)).toEqual([...qs.map((q) => q.priority)].sort((a, b) => b - a));
    for (const q of qs) expect(QUESTION_CATEGORIES).toContain(q.category);
    expect(qs.some((q) => q.questionText.startsWith('Who already serves'))).toBe(true);
    expect(conversation).toMatchObject({ analysisId: detail.id, messages: [], mode: 'offline' });
    expect(conversation.usage).toMatchObject({ used: 0, limit: CHAT_DAILY_MESSAGES.free });
  });

  it('answers a suggested question from the analysis, citing its evidence, and marks the question used', async () => {
    const q = conversation.suggestedQuestions.find((s) => s.questionText.startsWith('Who already serves'))!;
    const exchange = await ask(user, conversation.id, q.questionText, q.id);
    const meta = exchange.answer.metadata!;
    expect(meta).toMatchObject({ mode: 'offline', grounded: true });
    expect(meta.citations.length).toBeGreaterThan(0);
    const refs = new Set(
      detail.results.flatMap((r) => [...r.evidence.map((e) => e.id), ...r.competitors.map((c) => c.evidenceId)]),
    );
    for (const c of meta.citations) {
      expect(refs, c.ref).toContain(c.ref);
      expect(exchange.answer.content).toContain(`[${c.ref}]`);
      expect(detail.results.map((r) => r.id)).toContain(c.resultId);
    }
    expect(ungroundedNumbers(exchange.answer.content, meta.citations)).toEqual([]);
    const after = (await send(user, 'GET', `/api/chat/conversations/${conversation.id}`)).json<{ data: Conversation }>()
      .data;
    expect(after.suggestedQuestions.find((s) => s.id === q.id)?.used).toBe(true);
    expect(after.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(after.analytics).toMatchObject({ messageCount: 2, totalTokensUsed: 0, userSatisfaction: null });
    expect(after.usage.used).toBe(1);
  });

  it('says the analysis has no evidence, and what would answer it, instead of inventing', async () => {
    for (const question of [
      'What revenue does this market make a year?',
      'How much do customers pay for this?',
      'Who invested in these companies?',
    ]) {
      const { answer } = await ask(user, conversation.id, question);
      expect(answer.content.startsWith(NO_EVIDENCE_ANSWER), answer.content).toBe(true);
      expect(answer.content).toMatch(/What would answer it: .{10,}/);
      expect(answer.metadata?.citations).toEqual([]);
      expect(answer.content).not.toMatch(/\d/);
    }
  });

  it('edits a question (editedAt) and answers it again, replacing the old answer', async () => {
    const { question } = await ask(user, conversation.id, 'Who already serves restaurants?');
    const res = await send(user, 'PATCH', `/api/chat/messages/${question.id}`, {
      content: 'How was the opportunity score computed?',
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<{ data: Exchange }>().data;
    expect(edited.question).toMatchObject({
      id: question.id,
      content: 'How was the opportunity score computed?',
      editedAt: expect.any(String),
    });
    expect(edited.answer.content).toMatch(/^Opportunity score of/);
    const after = (await send(user, 'GET', `/api/chat/conversations/${conversation.id}`)).json<{ data: Conversation }>()
      .data;
    expect(after.messages.at(-2)?.id).toBe(question.id);
    expect(after.messages.at(-1)?.id).toBe(edited.answer.id);
    const onAnswer = await send(user, 'PATCH', `/api/chat/messages/${edited.answer.id}`, {
      content: 'Rewrite the answer',
    });
    expect(onAnswer.statusCode).toBe(400);
  });

  it('takes one satisfaction rating 1–5, once', async () => {
    for (const satisfaction of [0, 6, 2.5]) {
      expect(
        (await send(user, 'POST', `/api/chat/conversations/${conversation.id}/rating`, { satisfaction })).statusCode,
      ).toBe(400);
    }
    const first = await send(user, 'POST', `/api/chat/conversations/${conversation.id}/rating`, { satisfaction: 4 });
    expect(first.json()).toMatchObject({ success: true, data: { userSatisfaction: 4 } });
    const second = await send(user, 'POST', `/api/chat/conversations/${conversation.id}/rating`, { satisfaction: 5 });
    expect(second.statusCode).toBe(409);
    const after = (await send(user, 'GET', `/api/chat/conversations/${conversation.id}`)).json<{ data: Conversation }>()
      .data;
    expect(after.analytics.userSatisfaction).toBe(4);
  });

  it.each([
    ['empty', '', 'Write a question first'],
    ['blank', '   \n ', 'Write a question first'],
    ['10,001 characters', 'a'.repeat(CHAT_MESSAGE_MAX + 1), `At most ${CHAT_MESSAGE_MAX} characters`],
  ])('refuses a message that is %s', async (_name, content, message) => {
    const res = await send(user, 'POST', `/api/chat/conversations/${conversation.id}/messages`, { content });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { content: message } });
  });

  it('answers a 10,000-character message', async () => {
    const { answer } = await ask(user, conversation.id, `who competes ${'x'.repeat(CHAT_MESSAGE_MAX - 13)}`);
    expect(answer.content.length).toBeGreaterThan(0);
  });

  it('keeps another user out with 404s, and refuses their analysis as a variant', async () => {
    const other = await createUser(t);
    const theirs = await analysis(other, 'dental clinic scheduling');
    for (const [method, url, body] of [
      ['GET', `/api/chat/conversations/${conversation.id}`, undefined],
      ['POST', `/api/chat/conversations/${conversation.id}/messages`, { content: 'Who competes?' }],
      ['DELETE', `/api/chat/conversations/${conversation.id}`, undefined],
      ['POST', '/api/chat/conversations', { analysisId: detail.id }],
      ['POST', '/api/chat/conversations', { analysisId: detail.id, variantIds: [theirs.id] }],
    ] as const) {
      const res = await send(method === 'POST' && body && 'variantIds' in body ? user : other, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('compares with a re-run named in variantIds', async () => {
    const rerun = await analysis(user, 'bookkeeping for restaurants');
    const compared = await open(user, detail.id, [rerun.id]);
    expect(compared.variantIds).toEqual([rerun.id]);
    const q = compared.suggestedQuestions.find((s) => s.questionText === 'What changed since the other analysis?');
    expect(q).toBeDefined();
    const { answer } = await ask(user, compared.id, q!.questionText, q!.id);
    expect(answer.content).toMatch(/^Compared with the other analysis:/);
    expect(
      answer.metadata?.citations.some((c) => rerun.results.some((r) => r.id === c.resultId)),
      `${rerun.results.length} ${answer.content}`,
    ).toBe(true);
    expect(ungroundedNumbers(answer.content, answer.metadata?.citations ?? [])).toEqual([]);
  });

  it('deletes a conversation with its messages', async () => {
    const res = await send(user, 'DELETE', `/api/chat/conversations/${conversation.id}`);
    expect(res.statusCode).toBe(200);
    expect((await send(user, 'GET', `/api/chat/conversations/${conversation.id}`)).statusCode).toBe(404);
  });
});

describe('the daily message limit', () => {
  it('lets exactly the free limit through when messages arrive concurrently, then answers 402', async () => {
    const user = await createUser(t);
    const { id } = await open(user, (await analysis(user)).id);
    const limit = CHAT_DAILY_MESSAGES.free;
    const results = await Promise.all(
      Array.from({ length: limit + 6 }, () =>
        send(user, 'POST', `/api/chat/conversations/${id}/messages`, { content: 'Who competes here?' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(limit);
    expect(codes.filter((c) => c === 402)).toHaveLength(6);
    const refused = results.find((r) => r.statusCode === 402)!;
    expect(refused.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: expect.stringContaining('Upgrade to Pro'),
    });
    t.clock.set(new Date(now.getTime() + DAY_MS));
    const headers = { authorization: `Bearer ${await signInAs(t, user.user.id)}` };
    const tomorrow = await send({ ...user, headers }, 'POST', `/api/chat/conversations/${id}/messages`, {
      content: 'Who competes here?',
    });
    t.clock.set(now);
    expect(tomorrow.statusCode).toBe(201);
  });

  it('gives Pro its larger limit, exact at the edge', async () => {
    const user = await createUser(t, {
      subscriptionTier: 'pro',
      subscriptionStatus: 'active',
      subscriptionPeriodEnd: new Date(now.getTime() + 30 * DAY_MS),
    });
    const { id, usage } = await open(user, (await analysis(user)).id);
    expect(usage.limit).toBe(CHAT_DAILY_MESSAGES.pro);
    await t.db.db
      .insert(chatDailyUsage)
      .values({ userId: user.user.id, day: usage.day, count: CHAT_DAILY_MESSAGES.pro - 2 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        send(user, 'POST', `/api/chat/conversations/${id}/messages`, { content: 'What are the risks?' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 402, 402, 402]);
    const [row] = await t.db.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row?.id).toBe(user.user.id);
  });
});

describe('product questions', () => {
  it('are answered from the help articles for a visitor, citing each article', async () => {
    const res = await send(null, 'POST', '/api/chat/help', { question: 'How is the opportunity score computed?' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: HelpAnswer }>().data;
    expect(data.mode).toBe('offline');
    expect(data.citations.length).toBeGreaterThan(0);
    for (const c of data.citations.filter((x) => x.kind !== 'faq')) {
      expect(c.kind).toBe('article');
      expect(data.content).toContain(`[${c.ref}]`);
      expect((await send(null, 'GET', `/api/help/articles/${c.ref}`)).statusCode).toBe(200);
    }
  });

  it('say so when no article covers the question', async () => {
    const res = await send(null, 'POST', '/api/chat/help', { question: 'zzqx flurbo wibble' });
    expect(res.json<{ data: HelpAnswer }>().data).toMatchObject({
      citations: [],
      content: expect.stringMatching(/^The help articles and the pricing FAQ have nothing on that/),
    });
  });
});
