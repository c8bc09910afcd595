import type { TestApp } from './test-app.ts';

// Helpers for the auth suites: sign-in through the API, cookie handling like a browser.

export const ORIGIN = 'http://localhost:3000';

/** The Origin a browser on the app's own pages sends. */
export function originOf(t: TestApp): string {
  return new URL(t.env.PUBLIC_URL).origin;
}
export const STRONG_PASSWORD = 'Violet-Harbour-Lantern-42';

export function refreshCookieOf(res: { headers: Record<string, unknown> }): string | null {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? [raw] : [];
  for (const line of list) {
    const match = /^unbuilt_refresh=([^;]*)/.exec(line);
    if (match?.[1]) return match[1];
  }
  return null;
}

export async function registerViaApi(
  t: TestApp,
  values: { email?: string; password?: string; name?: string; ip?: string } = {},
) {
  const email = values.email ?? `u-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const password = values.password ?? STRONG_PASSWORD;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { origin: originOf(t) },
    remoteAddress: values.ip,
    payload: { email, password, confirmPassword: password, name: values.name ?? 'Ada Lovelace' },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ data: { accessToken: string; user: { id: number } } }>();
  return {
    email,
    password,
    accessToken: body.data.accessToken,
    userId: body.data.user.id,
    cookie: refreshCookieOf(res) ?? '',
  };
}

export function login(t: TestApp, email: string, password: string, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: originOf(t) },
    remoteAddress: ip,
    payload: { email, password },
  });
}

export function refresh(t: TestApp, cookie: string, headers?: Record<string, string>) {
  headers ??= { origin: originOf(t) };
  return t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers, cookies: { unbuilt_refresh: cookie } });
}

/** The latest outbox e-mail's text for an address, read through the test hook (waits for the background send). */
export async function outboxText(t: TestApp, to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await t.app.inject({ method: 'GET', url: `/api/__test/outbox?to=${encodeURIComponent(to)}` });
    if (res.statusCode === 200) return res.json<{ data: { text: string } }>().data.text;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no outbox e-mail for ${to}`);
}

/** POST /api/auth/password/change from `password` to a new strong one, as the signed-in user. */
export function changePasswordViaApi(
  t: TestApp,
  headers: { authorization: string },
  password: string,
  next = 'Amber-Meadow-Compass-77',
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/password/change',
    headers,
    payload: { currentPassword: password, newPassword: next, confirmPassword: next },
  });
}
