import type { Page } from 'playwright-core';
import type { PageSession } from './browser.ts';

// A signed-in user made directly (POST /api/__test/session: the user row and a session, the refresh
// cookie set in this browser context), not through the registration screens: for tests that are
// not about signing up. The app's start-up refresh then signs the page in, as after a reload.

export type SignedInUser = { id: number; email: string; name: string | null; accessToken: string };
export type SessionOptions = {
  email?: string;
  name?: string;
  plan?: 'free' | 'pro' | 'enterprise';
  searchCount?: number;
  role?: 'user' | 'admin';
  tour?: boolean;
};
export type SignedInSession = PageSession & { user: SignedInUser };

/** Signs a freshly opened page in as a new user; tests take it from the signedInPage fixture (fixtures.ts). */
export async function signIn(session: PageSession, options: SessionOptions = {}): Promise<SignedInSession> {
  const { page } = session;
  const res = await page.request.post('/api/__test/session', { data: options });
  if (!res.ok()) throw new Error(`the session fixture failed: ${res.status()} ${await res.text()}`);
  const { data } = (await res.json()) as {
    data: { accessToken: string; user: { id: number; email: string; name: string | null } };
  };
  await page.goto('/');
  await page.getByRole('button', { name: /^Account menu for/ }).waitFor();
  return { ...session, user: { ...data.user, accessToken: data.accessToken } };
}

// The mail jobs run in the background, late under load: the outbox is asked until a deadline, not a
// number of times (a count of short sleeps ran out at load 20 before the job had run).
const OUTBOX_TIMEOUT_MS = 60_000;

/** The newest e-mail to `to` whose text matches `pattern`, read from the outbox test hook, waiting for it. */
export async function mailText(page: Page, to: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + OUTBOX_TIMEOUT_MS;
  do {
    const res = await page.request.get(`/api/__test/outbox?to=${encodeURIComponent(to)}`);
    if (res.ok()) {
      const { text } = ((await res.json()) as { data: { text: string } }).data;
      if (pattern.test(text)) return text;
    }
    await page.waitForTimeout(200);
  } while (Date.now() < deadline);
  throw new Error(`no e-mail to ${to} matching ${String(pattern)} within ${OUTBOX_TIMEOUT_MS / 1000} s`);
}

/** The path (with query and fragment) of the registration link mailed to `to` (docs/decisions/034). */
export async function registrationLinkPath(page: Page, to: string): Promise<string> {
  const link = /https?:\/\/\S+\/auth\/confirm-email\S*#token=[A-Za-z0-9_-]+/.exec(
    await mailText(page, to, /confirm-email/),
  )?.[0];
  if (!link) throw new Error(`no registration link mailed to ${to}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A new account made through the API as a person would: register, then open the e-mailed link
 * (docs/decisions/034). The refresh cookie lands in this browser context.
 */
export async function registerThroughApi(
  page: Page,
  values: { email: string; password: string; name: string },
): Promise<void> {
  const started = await page.request.post('/api/auth/register', {
    data: { ...values, confirmPassword: values.password },
  });
  if (started.status() !== 202) throw new Error(`register: ${started.status()} ${await started.text()}`);
  const token = new URLSearchParams(
    new URL(await registrationLinkPath(page, values.email), 'http://x').hash.slice(1),
  ).get('token');
  const res = await page.request.post('/api/auth/register/confirm', { data: { token } });
  if (res.status() !== 201) throw new Error(`register confirm: ${res.status()} ${await res.text()}`);
}
