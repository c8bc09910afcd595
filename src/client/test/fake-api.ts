import { vi } from 'vitest';

// fetch as the boundary for component tests: each route is "METHOD /path" → a handler returning
// [status, data] (wrapped in the API's envelope) or an error body. Every call is recorded with its
// JSON body, so a test asserts what the component sent.

export type FakeCall = { method: string; path: string; body: unknown };
type Answer = [number, unknown] | { status: number; error: { code: string; message: string } };
export type FakeRoutes = Record<string, (call: FakeCall) => Answer | Promise<Answer>>;

export function fakeApi(routes: FakeRoutes): { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0] ?? url;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    const answer: Answer = handler
      ? await handler(call)
      : { status: 404, error: { code: 'NOT_FOUND', message: 'No route' } };
    const [status, payload] = Array.isArray(answer)
      ? [answer[0], { success: true, data: answer[1] }]
      : [answer.status, { success: false, ...answer.error }];
    return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  });
  return { calls };
}
