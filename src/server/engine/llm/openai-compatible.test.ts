import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine.ts';
import { filters, fixtureEnv } from '../test/engine-fixtures.ts';
import { composition } from '../test/test-model.ts';

// The real client path (AI_PROVIDER=openai-compatible → @ai-sdk/openai .chat()) against a fake
// OpenAI-compatible server on 127.0.0.1: chat completions, JSON bodies and SSE streaming.

type Mode = 'stream' | 'http-error' | 'garbage-stream';
let mode: Mode = 'stream';
const requests: Record<string, unknown>[] = [];

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    requests.push({ url: req.url, authorization: req.headers.authorization, ...parsed });
    if (req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    if (mode === 'http-error') {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
      return;
    }
    const content = mode === 'garbage-stream' ? 'not json at all' : composition(`Fake server title ${requests.length}`);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta: Record<string, unknown>, finish: string | null, usage?: Record<string, number>): string =>
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake-model', choices: [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    for (const piece of content.match(/.{1,25}/gs) ?? []) res.write(chunk({ content: piece }, null));
    res.write(chunk({}, 'stop', { prompt_tokens: 300, completion_tokens: 100, total_tokens: 400 }));
    res.end('data: [DONE]\n\n');
  });
});

let baseUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function env(): ReturnType<typeof fixtureEnv> {
  return fixtureEnv({
    AI_PROVIDER: 'openai-compatible',
    AI_MODEL: 'fake-model',
    AI_BASE_URL: baseUrl,
    AI_API_KEY: 'local-key',
  });
}

describe('openai-compatible provider', () => {
  it('streams chat completions with a JSON schema and records tokens', async () => {
    mode = 'stream';
    requests.length = 0;
    const engine = await createEngine({ env: env() });
    const analysis = await engine.analyze({ query: 'meal planning for busy families', filters: filters() });
    expect(analysis.composer).toMatchObject({ mode: 'llm', model: 'openai-compatible:fake-model', error: null });
    expect(analysis.composer.tokensUsed).toBe(400 * analysis.opportunities.length);
    expect(analysis.opportunities[0]!.description).toBe(
      'Written by the model for Fake server title 1, from the evidence pack only.',
    );
    const first = requests[0]!;
    expect(first).toMatchObject({
      url: '/v1/chat/completions',
      authorization: 'Bearer local-key',
      model: 'fake-model',
      stream: true,
    });
    expect(JSON.stringify(first.response_format)).toContain('json_schema');
  });

  it.each([
    ['an HTTP error', 'http-error' as const],
    ['a stream that is not JSON', 'garbage-stream' as const],
  ])('labels the offline fallback after %s', async (_name, m) => {
    mode = m;
    const engine = await createEngine({ env: env() });
    const analysis = await engine.analyze({ query: 'meal planning for busy families', filters: filters() });
    expect(analysis.engine).toBe('offline');
    expect(analysis.composer.mode).toBe('offline_fallback');
    expect(analysis.composer.error).toMatch(/^The language model failed/);
    expect(analysis.opportunities.length).toBeGreaterThan(0);
  });
});
