import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, getData, postData, requestEnvelope, setAccessTokenSource, toApiError } from './api-client.ts';
import { ApiError } from './api-error.ts';

// fetch is the boundary here: it answers with real Response objects, or fails the way browsers do
// (a TypeError when the network is down; the signal's reason when it is aborted). The browser suite
// exercises the same client against the real server.
type Call = { url: string; init: RequestInit };
let calls: Call[] = [];
let answer: (init: RequestInit) => Promise<Response>;

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer(init);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(() => null);
});

function respond(status: number, body: string, type = 'application/json') {
  answer = async () => new Response(status === 204 ? null : body, { status, headers: { 'content-type': type } });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

function headersOf(call: Call | undefined): Record<string, string> {
  return (call?.init.headers ?? {}) as Record<string, string>;
}

describe('apiRequest', () => {
  it('sends JSON with cookies and the bearer token when one is held, and returns the parsed body', async () => {
    setAccessTokenSource(() => 'token-123');
    respond(200, JSON.stringify({ success: true, data: { id: 7 } }));
    const result = await postData('/api/things', { name: 'x' }, z.object({ id: z.number() }));
    expect(result.id).toBe(7);
    const [call] = calls;
    expect(call?.url).toBe('/api/things');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.credentials).toBe('include');
    expect(headersOf(call).authorization).toBe('Bearer token-123');
    expect(headersOf(call)['content-type']).toBe('application/json');
    expect(JSON.parse(call?.init.body as string)).toEqual({ name: 'x' });
  });

  it('sends no authorization header without a token and resolves an empty body to undefined', async () => {
    respond(204, '');
    await expect(apiRequest('/api/empty')).resolves.toBeUndefined();
    expect(headersOf(calls[0]).authorization).toBeUndefined();
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('turns the error envelope into an ApiError with code, message, field errors and the "<status>: <body>" text', async () => {
    const body = JSON.stringify({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      fieldErrors: { email: 'Invalid email' },
    });
    respond(400, body);
    const error = await failureOf(apiRequest('/api/auth/register', { body: {} }));
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      fieldErrors: { email: 'Invalid email' },
    });
    expect(error.responseText).toBe(`400: ${body}`);
    expect(String(error)).toBe(`400: ${body}`);
  });

  it('maps a non-envelope failure by its status and keeps the body text', async () => {
    respond(502, 'Bad gateway', 'text/plain');
    const error = await failureOf(apiRequest('/api/anything'));
    expect(error).toMatchObject({
      status: 502,
      code: 'INTERNAL',
      message: 'Bad gateway',
      responseText: '502: Bad gateway',
    });
  });

  it('reports a network failure as NETWORK_ERROR with status 0', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await failureOf(apiRequest('/api/health'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('reports a request that outlives its timeout as TIMEOUT', async () => {
    answer = (init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      });
    const error = await failureOf(apiRequest('/api/slow', { timeoutMs: 50 }));
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('lets a caller-aborted request reject with the abort, not an ApiError', async () => {
    answer = (init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      });
    const controller = new AbortController();
    const pending = apiRequest('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('parsing with the route schema', () => {
  const item = z.object({ id: z.number().int(), name: z.string() });

  it('returns the data as the schema reads it (undeclared fields dropped) and the message', async () => {
    respond(200, JSON.stringify({ success: true, message: 'Saved', data: { id: 1, name: 'x', secret: 'y' } }));
    await expect(requestEnvelope('/api/things/1', item)).resolves.toEqual({
      data: { id: 1, name: 'x' },
      message: 'Saved',
    });
  });

  it.each([
    ['a field of the wrong type', JSON.stringify({ success: true, data: { id: 'one', name: 'x' } })],
    ['no envelope', JSON.stringify({ id: 1, name: 'x' })],
    ['not JSON', '<html>proxy error page</html>'],
  ])('turns %s into an INVALID_RESPONSE error instead of passing it on', async (_case, body) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond(200, body);
    const error = await failureOf(getData('/api/things/1', item));
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE', status: 200 });
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});

describe('toApiError', () => {
  it.each([
    [401, '{"success":false,"code":"UNAUTHENTICATED","message":"Sign in first"}', 'UNAUTHENTICATED', 'Sign in first'],
    [403, '{"success":false,"code":"PLAN_REQUIRED","message":"Pro only"}', 'PLAN_REQUIRED', 'Pro only'],
    [404, '{"message":"gone"}', 'NOT_FOUND', 'gone'],
    [429, '', 'RATE_LIMITED', 'Request failed with status 429'],
    [418, '{"success":false,"code":"NOT_A_CODE","message":"teapot"}', 'BAD_REQUEST', 'teapot'],
  ])('status %i with body %s → %s', (status, body, code, message) => {
    expect(toApiError(status, body)).toMatchObject({ status, code, message, responseText: `${status}: ${body}` });
  });
});
