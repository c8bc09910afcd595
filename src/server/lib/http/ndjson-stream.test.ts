import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../platform/app-error.ts';
import { registerErrorHandling } from './error-handler.ts';
import { answerWithLines } from './ndjson-stream.ts';

// The first-line gate of a streamed answer (search and chat share it): before the first line a
// failure is the envelope with its status; after it, the status is the stream's and the failure is
// the last line; a client gone before the first line is a 400, after it the stream just ends.

type Line = { type: 'step'; n: number } | { type: 'error'; code: string; message: string };
const CONTENT_TYPE = 'application/x-ndjson';
const settled: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.post<{ Params: { script: string } }>('/lines/:script', (request, reply) => {
    const controller = new AbortController();
    const { script } = request.params;
    return answerWithLines<Line>(request, reply, {
      contentType: CONTENT_TYPE,
      status: 201,
      signal: controller.signal,
      cancelledMessage: 'The thing was cancelled.',
      cancelledLog: 'thing cancelled by the client',
      errorLine: ({ code, message }) => ({ type: 'error', code, message }),
      produce: async (write) => {
        if (script === 'refused') throw new AppError('RATE_LIMITED', 'Slow down.');
        if (script === 'gone-before') {
          controller.abort();
          throw new Error('aborted');
        }
        write({ type: 'step', n: 1 });
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (script === 'busy-after') throw new AppError('SERVICE_UNAVAILABLE', 'The engine is busy.');
        if (script === 'boom-after') throw new TypeError('cannot read properties of undefined');
        if (script === 'gone-after') {
          controller.abort();
          throw new Error('aborted');
        }
        write({ type: 'step', n: 2 });
      },
      onSettled: () => settled.push(script),
    });
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (script: string) => app.inject({ method: 'POST', url: `/lines/${script}` });
const linesOf = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);

describe('a streamed answer', () => {
  it('sends its status and content type with the first line, then every line', async () => {
    const res = await post('ok');
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(linesOf(res.body)).toEqual([
      { type: 'step', n: 1 },
      { type: 'step', n: 2 },
    ]);
    expect(settled).toContain('ok');
  });

  it('refused before its first line is the envelope with the refusal’s status', async () => {
    const res = await post('refused');
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ success: false, code: 'RATE_LIMITED', message: 'Slow down.' });
    expect(settled).toContain('refused');
  });

  it('failing after its first line keeps the status and ends with the error as its last line', async () => {
    const busy = await post('busy-after');
    expect(busy.statusCode).toBe(201);
    expect(linesOf(busy.body)).toEqual([
      { type: 'step', n: 1 },
      { type: 'error', code: 'SERVICE_UNAVAILABLE', message: 'The engine is busy.' },
    ]);
    const boom = await post('boom-after');
    expect(linesOf(boom.body).at(-1)).toMatchObject({ type: 'error', code: 'INTERNAL' });
    expect(boom.body).not.toMatch(/cannot read properties/);
  });

  it('whose client went away: a 400 before the first line, a stream that just ends after it', async () => {
    const before = await post('gone-before');
    expect(before.statusCode).toBe(400);
    expect(before.json()).toEqual({ success: false, code: 'BAD_REQUEST', message: 'The thing was cancelled.' });
    const after = await post('gone-after');
    expect(after.statusCode).toBe(201);
    expect(linesOf(after.body)).toEqual([{ type: 'step', n: 1 }]);
  });
});
