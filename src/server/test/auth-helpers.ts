import { desc, eq } from 'drizzle-orm';
import { emailOutbox } from '../db/schema/index.ts';
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

/** How long a test waits for a mail sent in the background, however loaded the machine. */
const MAIL_WAIT_MS = 30_000;

/** The newest mail to an address whose text matches `pattern`, from the outbox table (no SMTP_URL set), waiting for the background send. */
export async function mailInOutbox(t: TestApp, to: string, pattern: RegExp): Promise<string> {
  for (const deadline = Date.now() + MAIL_WAIT_MS; Date.now() < deadline;) {
    const [mail] = await t.db.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, to))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    if (mail && pattern.test(mail.text)) return mail.text;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no e-mail to ${to} matching ${pattern}`);
}

/** The newest registration mail's text in the outbox table. */
export function registrationMailInOutbox(t: TestApp, to: string): Promise<string> {
  return mailInOutbox(t, to, /confirm-email/);
}

/** The token of the newest registration link in a mail's text. */
export function registrationTokenFrom(text: string): string {
  const match = /\/auth\/confirm-email(?:\?[^#\s]*)?#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no registration link in mail: ${text}`);
  return match[1];
}

export function startRegistrationViaApi(
  t: TestApp,
  values: { email: string; password?: string; name?: string; ip?: string; redirectTo?: string },
) {
  const password = values.password ?? STRONG_PASSWORD;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { origin: originOf(t) },
    remoteAddress: values.ip,
    payload: {
      email: values.email,
      password,
      confirmPassword: password,
      name: values.name ?? 'Ada Lovelace',
      ...(values.redirectTo ? { redirectTo: values.redirectTo } : {}),
    },
  });
}

export function confirmRegistrationViaApi(t: TestApp, token: string, ip?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register/confirm',
    headers: { origin: originOf(t) },
    remoteAddress: ip,
    payload: { token },
  });
}

/**
 * Registers and opens the e-mailed link (docs/decisions/034), like a person: the signed-in session.
 * `readMail` reads the newest mail's text for an address (default: the outbox table, when no SMTP is set).
 */
export async function registerViaApi(
  t: TestApp,
  values: {
    email?: string;
    password?: string;
    name?: string;
    ip?: string;
    readMail?: (to: string) => Promise<string>;
  } = {},
) {
  const email = values.email ?? `u-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const password = values.password ?? STRONG_PASSWORD;
  const started = await startRegistrationViaApi(t, { ...values, email, password });
  if (started.statusCode !== 202) throw new Error(`register failed: ${started.statusCode} ${started.body}`);
  const token = registrationTokenFrom(await (values.readMail ?? ((to) => registrationMailInOutbox(t, to)))(email));
  const res = await confirmRegistrationViaApi(t, token, values.ip);
  if (res.statusCode !== 201) throw new Error(`register confirm failed: ${res.statusCode} ${res.body}`);
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

/**
 * The latest outbox e-mail's text for an address, read through the test hook (waits for the
 * background send); with `pattern`, waits until the latest one matches it (an earlier mail, such
 * as the registration link, may still be the latest).
 */
export async function outboxText(t: TestApp, to: string, pattern?: RegExp): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await t.app.inject({ method: 'GET', url: `/api/__test/outbox?to=${encodeURIComponent(to)}` });
    if (res.statusCode === 200) {
      const { text } = res.json<{ data: { text: string } }>().data;
      if (!pattern || pattern.test(text)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no outbox e-mail for ${to}${pattern ? ` matching ${pattern}` : ''}`);
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
