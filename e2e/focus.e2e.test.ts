import { randomBytes } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { describe, expect } from 'vitest';
import { test } from './support/fixtures.ts';
import { holdRequests } from './support/requests.ts';
import { registerThroughApi } from './support/session.ts';

// Focus and keys (issue 13): every dialog gives focus back to what opened it, Escape closes every overlay
// and menu, and the search overlay keeps focus inside itself while it is up.

/** Whether `locator` is the element that has focus now. */
async function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === el.ownerDocument.activeElement);
}

describe('dialogs give focus back to their opener', () => {
  test('keyboard shortcuts: from the header button and from "?"', async ({ openPage }) => {
    const { page } = await openPage();
    await page.goto('/');
    const opener = page.getByRole('banner').getByRole('button', { name: 'Keyboard shortcuts' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await hasFocus(opener)).toBe(true);

    const about = page.getByRole('banner').getByRole('link', { name: 'About' });
    await about.focus();
    await page.keyboard.press('?');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await hasFocus(about)).toBe(true);
  });

  test('plans dialog from the low-search prompt', async ({ signedInPage }) => {
    const { page } = await signedInPage({ searchCount: 4 });
    const opener = page.getByRole('complementary', { name: 'Upgrade' }).getByRole('button', { name: 'View Plans' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Choose the Perfect Plan for You' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await hasFocus(opener)).toBe(true);
  });

  test('free-trial dialog on the subscribe page', async ({ signedInPage }) => {
    const { page } = await signedInPage();
    await page.goto('/subscribe');
    const opener = page.getByRole('button', { name: 'Start 7-Day Free Trial' });
    await opener.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await hasFocus(opener)).toBe(true);
  });
});

describe('Escape closes menus and panels', () => {
  test('the mobile menu, from its toggle and from inside it', async ({ signedInPage }) => {
    const { page } = await signedInPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await hasFocus(toggle)).toBe(true);

    await toggle.click();
    await menu.getByRole('link', { name: 'History' }).focus();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await hasFocus(page.getByRole('banner').getByRole('button', { name: 'Open menu' }))).toBe(true);
  });

  test('the account menu and the filter panel', async ({ signedInPage }) => {
    const { page } = await signedInPage();
    const account = page.getByRole('button', { name: /^Account menu for/ });
    await account.click();
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await hasFocus(account)).toBe(true);

    const filters = page.getByRole('button', { name: 'Filters' });
    await filters.click();
    const panel = page.getByRole('region', { name: 'Filters' });
    await panel.getByRole('checkbox', { name: 'Travel' }).check();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await hasFocus(filters)).toBe(true);
  });
});

describe('search overlay', () => {
  test('takes focus, keeps Tab inside, cancels on Escape and gives focus back to the search field', async ({
    signedInPage,
  }) => {
    const { page } = await signedInPage();
    // Hold the search so the overlay stays up while the keys are tried (a fixed 5 s ran out under load).
    const releaseSearch = await holdRequests(page, '**/api/search');
    const field = page.getByRole('searchbox', { name: 'Describe a market to explore' });
    await field.fill('bookkeeping for restaurants');
    await field.press('Enter');
    const overlay = page.getByRole('alertdialog', { name: 'Analyzing Market Gaps' });
    await overlay.waitFor();
    const cancel = overlay.getByRole('button', { name: 'Cancel' });
    expect(await hasFocus(cancel)).toBe(true);
    for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Tab']) {
      await page.keyboard.press(key);
      expect(
        await page.evaluate<boolean>(`document.querySelector('[role="alertdialog"]').contains(document.activeElement)`),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Search cancelled' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await hasFocus(field)).toBe(true);
    releaseSearch();
  });
});

describe('signing in', () => {
  test('returns to the page the visitor was sent from (redirectTo), and never off-site', async ({ openPage }) => {
    const { context, page } = await openPage();
    const email = `redirect-${randomBytes(5).toString('hex')}@example.test`;
    const password = 'Juniper-Lantern-Gravel-58';
    await registerThroughApi(page, { email, name: 'Rita Redirect', password });
    await context.clearCookies();

    // A signed-in page opened signed out goes to sign-in by itself (issue 29).
    await page.goto('/history');
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/history');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/history');
    await page.getByRole('heading', { level: 1 }).waitFor();

    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.goto('/auth/login?redirectTo=%2F%2Fevil.example%2F');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: /^Account menu for/ }).waitFor();
    expect(new URL(page.url()).hostname).toBe('127.0.0.1');
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('one display name', () => {
  test('shows a changed name in the header, account menu and profile at once, and refuses an empty first name', async ({
    signedInPage,
  }) => {
    const { page } = await signedInPage({ name: 'Ada Lovelace' });
    await page.getByRole('button', { name: 'Account menu for Ada Lovelace' }).waitFor();
    await page.goto('/profile-edit');
    await page.getByLabel('First name').fill('Augusta');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Your profile has been saved.').waitFor();
    await page.getByRole('button', { name: 'Account menu for Augusta Lovelace' }).waitFor();

    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Enter your first name').waitFor();

    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Augusta Lovelace' }).waitFor();
    await page.goto('/');
    await page.getByText('Welcome back, Augusta').waitFor();
  });
});
