import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openPage } from './browser.ts';

// A signed-in user made directly (POST /api/__test/session: the user row and a session, the refresh
// cookie set in this browser context), not through the registration screens: for tests that are
// not about signing up. The app's start-up refresh then signs the page in, as after a reload.

export type SignedInUser = { id: number; email: string; name: string | null; accessToken: string };

export async function signedInPage(
  browser: Browser,
  options: { name?: string; plan?: 'free' | 'pro' | 'enterprise'; searchCount?: number; role?: 'user' | 'admin' } = {},
): Promise<{ context: BrowserContext; page: Page; user: SignedInUser; pageErrors: string[] }> {
  const { context, page, pageErrors } = await openPage(browser);
  const res = await page.request.post('/api/__test/session', { data: options });
  if (!res.ok()) throw new Error(`the session fixture failed: ${res.status()} ${await res.text()}`);
  const { data } = (await res.json()) as {
    data: { accessToken: string; user: { id: number; email: string; name: string | null } };
  };
  await page.goto('/');
  await page.getByRole('button', { name: /^Account menu for/ }).waitFor();
  return { context, page, user: { ...data.user, accessToken: data.accessToken }, pageErrors };
}
