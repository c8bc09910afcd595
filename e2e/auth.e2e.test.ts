import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { scaled } from './support/timeouts.ts';
import { test } from './support/fixtures.ts';
import { afterResponse } from './support/requests.ts';
import { mailText, registerThroughApi, registrationLinkPath } from './support/session.ts';

// Accounts in the browser: register → signed-in home → reload keeps the session → sign out → sign in
// → forgot password → reset through the e-mailed link (read from the outbox test hook) → sign in with
// the new password; account settings persist across reload; axe on the auth screens.

const PASSWORD = 'Juniper-Compass-Orbit-58';
const NEW_PASSWORD = 'Saffron-Glacier-Tunnel-93';

function accountMenuButton(page: Page) {
  return page.getByRole('button', { name: /^Account menu for/ });
}

async function signOut(page: Page): Promise<void> {
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
  await page.waitForURL((url) => url.pathname === '/');
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Waits for a status or alert message; on timeout the error shows what the page said instead. */
async function message(page: Page, role: 'status' | 'alert', text: string): Promise<void> {
  try {
    await page
      .getByRole(role)
      .filter({ hasText: text })
      .first()
      .waitFor({ timeout: scaled(20_000) });
  } catch (error) {
    const main = await page
      .locator('main')
      .innerText()
      .catch(() => '(no main)');
    throw new Error(`no ${role} "${text}" at ${page.url()}; the page shows:\n${main}`, { cause: error });
  }
}

describe('account journey', { timeout: scaled(120_000) }, () => {
  test('registers, keeps the session over a reload, signs out and in, and resets the password by e-mail', async ({
    openPage,
  }) => {
    const { page, pageErrors } = await openPage();
    const email = `journey-${randomBytes(5).toString('hex')}@example.test`;
    await page.goto('/auth/register');
    await page.getByLabel('Full name').fill('Ada Journey');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill('something-else');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('meter', { name: 'Password strength' }).waitFor();
    await page.getByRole('button', { name: 'Create Account' }).click();
    // Nobody is signed in yet: the same "check your e-mail" for every address (docs/decisions/034).
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await message(page, 'status', 'Check your e-mail');
    await page.goto(await registrationLinkPath(page, email));
    await page.getByRole('button', { name: 'Create My Account' }).click();

    await accountMenuButton(page).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(accountMenuButton(page).textContent()).resolves.toContain('Ada Journey');

    await page.reload();
    await accountMenuButton(page).waitFor();

    await signOut(page);

    await signIn(page, email, 'Not-The-Password-1');
    await message(page, 'alert', 'Invalid credentials. Please try again.');
    await signIn(page, email, PASSWORD);
    await accountMenuButton(page).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await signOut(page);

    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/auth/forgot-password');
    // Navigations run in a transition: the login form (with its own Email field) stays on screen
    // until the new page's chunk has loaded.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await message(page, 'status', 'we have sent a link');

    const link = /https?:\/\/\S+reset-password#token=[A-Za-z0-9_-]+/.exec(
      await mailText(page, email, /reset-password/),
    )?.[0];
    expect(link).toBeDefined();
    const target = new URL(link!);
    await page.goto(`${target.pathname}${target.hash}`);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await message(page, 'status', 'Your password has been reset');

    await signIn(page, email, PASSWORD);
    await message(page, 'alert', 'Invalid credentials. Please try again.');
    await signIn(page, email, NEW_PASSWORD);
    await accountMenuButton(page).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('keeps account settings across a reload and applies them to the page', async ({ openPage }) => {
    const { page } = await openPage();
    const email = `settings-${randomBytes(5).toString('hex')}@example.test`;
    await registerThroughApi(page, { email, password: PASSWORD, name: 'Set Tings' });
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();
    // Each control saves on change; wait for its PATCH so the reload reads what was stored.
    const saved = (action: () => Promise<void>) => afterResponse(page, 'PATCH', '/api/account/preferences', action);
    await saved(() => page.getByLabel('High contrast').check());
    await saved(() => page.getByLabel('Reduced motion').check());
    await saved(() => page.getByRole('radio', { name: 'Light' }).check());
    await saved(() => page.getByLabel('Opt out of analytics').check());
    // Strings, not functions: this suite is typed without the DOM library.
    await page.waitForFunction(
      "document.documentElement.classList.contains('high-contrast') && document.documentElement.classList.contains('light')",
    );

    await page.reload();
    await page.getByRole('heading', { name: 'Account settings' }).waitFor();
    await expect(page.getByLabel('High contrast').isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Reduced motion').isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Screen reader optimised').isChecked()).resolves.toBe(false);
    await expect(page.getByLabel('Opt out of analytics').isChecked()).resolves.toBe(true);
    await expect(page.getByRole('radio', { name: 'Light' }).isChecked()).resolves.toBe(true);
    const classes = String(await page.evaluate('document.documentElement.className'));
    expect(classes).toContain('high-contrast');
    expect(classes).toContain('reduce-motion');
    expect(classes).toContain('light');

    // Sign out from a signed-in-only page lands on /, and the account's classes leave with it.
    await signOut(page);
    expect(String(await page.evaluate('document.documentElement.className'))).not.toContain('high-contrast');
  });

  test('shows the Coming Soon notice on the social buttons', async ({ openPage }) => {
    const { page } = await openPage();
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await page.getByText('Coming Soon!').waitFor();
    await page.getByText('GitHub login will be available soon. Please use email login for now.').waitFor();
  });
});

describe('accessibility of the auth screens', () => {
  test.for([
    '/auth/login',
    '/auth/register',
    '/auth/forgot-password',
    '/forgot-password',
    '/auth/reset-password?token=abc',
    '/reset-password?token=abc',
  ])('axe finds no serious violation on %s', async (path, { openPage }) => {
    const { page } = await openPage();
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
