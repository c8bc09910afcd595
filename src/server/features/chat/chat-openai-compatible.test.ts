import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_STREAM_CONTENT_TYPE, type Conversation, type Exchange } from '#shared/chat/chat.schemas.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The real provider path (AI_PROVIDER=openai-compatible → @ai-sdk/openai .chat()) against a fake
// OpenAI-compatible server on 127.0.0.1: a streamed, grounded answer; and a closed request that
// stops the generation (the server sees its stream closed before it finished).

type Mode = 'answer' | 'slow';
let mode: Mode = 'answer';
let slowClosedEarly: Promise<boolean> = Promise.resolve(false);

function evidenceOf(body: string): { ref: string; text: string }[] {
  const parsed = JSON.parse(body) as { messages: { role: string; content: string }[] };
  const user = parsed.messages.find((m) => m.role === 'user')?.content ?? '';
  return (JSON.parse(user.slice(user.indexOf('{'))) as { evidence: { ref: string; text: string }[] }).evidence;
}

const chunk = (delta: Record<string, unknown>, finish: string | null, usage?: Record<string, number>): string =>
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake-model', choices: [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const first = evidenceOf(body)[0]!;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(chunk({ role: 'assistant', content: '' }, null));
    if (mode === 'slow') {
      let sent = 0;
      slowClosedEarly = new Promise((resolve) => {
        const timer = setInterval(() => {
          if (sent++ >= 200) {
            clearInterval(timer);
            res.end('data: [DONE]\n\n');
            resolve(false);
            return;
          }
          res.write(chunk({ content: 'word ' }, null));
        }, 20);
        res.on('close', () => {
          clearInterval(timer);
          resolve(sent < 200);
        });
      });
      return;
    }
    for (const piece of `From the evidence: ${first.text} [${first.ref}]`.match(/.{1,25}/gs) ?? []) {
      res.write(chunk({ content: piece }, null));
    }
    res.write(chunk({}, 'stop', { prompt_tokens: 300, completion_tokens: 100, total_tokens: 400 }));
    res.end('data: [DONE]\n\n');
  });
});

let t: TestApp;
let user: TestUser;
let conversation: Conversation;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  t = await createTestApp({
    env: { AI_PROVIDER: 'openai-compatible', AI_MODEL: 'fake-model', AI_BASE_URL: baseUrl, AI_API_KEY: 'local-key' },
  });
  user = await createUser(t);
  const search = await t.app.inject({
    method: 'POST',
    url: '/api/search',
    headers: user.headers,
    payload: { query: 'bookkeeping for restaurants' },
  });
  const analysisId = search.json<{ data: { search: { id: number } } }>().data.search.id;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: user.headers,
    payload: { analysisId },
  });
  conversation = res.json<{ data: Conversation }>().data;
});
afterAll(async () => {
  // Both HTTP clients (the provider's and the test's fetch) keep connections alive: close them so the servers stop.
  server.closeAllConnections();
  t.app.server.closeAllConnections();
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('openai-compatible provider', () => {
  it('answers in LLM mode from the evidence, with the provider’s token count', async () => {
    mode = 'answer';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversation.id}/messages`,
      headers: user.headers,
      payload: { content: 'Who already serves restaurants?' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { answer } = res.json<{ data: Exchange }>().data;
    expect(answer.content).toMatch(/^From the evidence: /);
    expect(answer.metadata).toMatchObject({ mode: 'llm', grounded: true, tokens: 400 });
  });

  it('stops generating when the client closes the request, and stores nothing', async () => {
    mode = 'slow';
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/chat/conversations/${conversation.id}/messages`, {
      method: 'POST',
      headers: { ...user.headers, accept: CHAT_STREAM_CONTENT_TYPE, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Who already serves restaurants?' }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain('"type":"delta"');
    controller.abort();
    expect(await slowClosedEarly).toBe(true);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${conversation.id}`,
      headers: user.headers,
    });
    expect(after.json<{ data: Conversation }>().data.messages).toHaveLength(2);
  });
});
