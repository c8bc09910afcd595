import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { THEME_STORAGE_KEY } from '#shared/app/app.constants.ts';
import { test } from './support/fixtures.ts';

// / is the landing page rendered to HTML at build time, with one small script; the app loads when a
// visitor reaches for a control and hydrates that HTML (ADR 041). These check what that must not change:
// the page is whole without the app, the app takes it over without a mismatch or a lost focus, a click
// made while the app is still loading counts exactly once, a returning user never sees the landing page.
// (Page scripts are strings: this file is type-checked without the DOM library.)

const HEADING = "Discover What's Still Unbuilt";

/** The app has taken the page over (app/start-app.tsx drops the build's marker once its first render is in). */
function appReady(page: Page): Promise<void> {
  return page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
}

/** Holds the app's scripts back (all but the landing page's own) until `release` is called. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(?!landing-)[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // A signed-out visitor's start-up refresh is answered 401, as before ADR 041.
    if (message.type() === 'error' && !message.text().includes('401')) errors.push(message.text());
  });
  return errors;
}

describe('the pre-rendered landing page', () => {
  test('is whole without the app: content, links and the stored theme, before any of its scripts run', async ({
    openPage,
  }) => {
    const { page } = await openPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.addInitScript(`localStorage.setItem(${JSON.stringify(THEME_STORAGE_KEY)}, 'light')`);
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(HEADING);
    expect(await page.title()).toBe(`Unbuilt — ${HEADING} · Unbuilt`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^Find market gaps/);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/auth/login',
    );
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe(
      '/pricing',
    );
    // theme-init.js applied the choice, and the toggle shows its icon (CSS) though nothing named it yet.
    expect(await page.evaluate<string>('document.documentElement.className')).toContain('light');
    const shown = await page.evaluate<string[]>(
      `[...document.querySelectorAll('[data-theme-icon]')].filter((icon) => getComputedStyle(icon).display !== 'none').map((icon) => icon.dataset.themeIcon)`,
    );
    expect(shown).toEqual(['light']);
  });

  test('names the theme toggle after the stored choice, and hydrates with no mismatch and focus kept', async ({
    openPage,
  }) => {
    const { page, pageErrors } = await openPage();
    const errors = consoleErrors(page);
    await page.addInitScript(`localStorage.setItem(${JSON.stringify(THEME_STORAGE_KEY)}, 'system')`);
    const release = await holdAppScripts(page);
    await page.goto('/');
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Theme: System. Switch to Light theme' });
    expect(await toggle.count()).toBe(1);
    const mainBefore = await page.getByRole('main').innerHTML();

    // Keyboard: the skip link, then the first header link; focus is on that element when the app arrives.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.evaluate('document.activeElement.dataset.focusedBefore = "yes"');
    release();
    await appReady(page);
    expect(await page.evaluate<string | undefined>('document.activeElement?.dataset.focusedBefore')).toBe('yes');
    expect(await page.getByRole('main').innerHTML()).toBe(mainBefore);
    expect(await toggle.count()).toBe(1);
    expect(errors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('a click made while the app loads counts once, and a link followed then is a move inside the app', async ({
    openPage,
  }) => {
    const { page, pageErrors } = await openPage();
    const release = await holdAppScripts(page);
    await page.goto('/');
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: /^Theme: Dark/ }).click();
    expect(await page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})`)).toBe(null);
    release();
    await header.getByRole('button', { name: /^Theme: System/ }).waitFor();
    expect(await page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})`)).toBe(
      'system',
    );

    // The app is in now: Pricing is a move inside it (no new document; the marker survives).
    await page.evaluate('window.sameDocument = true');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    expect(await page.evaluate<boolean | undefined>('window.sameDocument')).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test('a link followed before the app loads opens its page inside the app', async ({ openPage }) => {
    const { page, pageErrors } = await openPage();
    const release = await holdAppScripts(page);
    await page.goto('/');
    await page.evaluate('window.sameDocument = true');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    expect(new URL(page.url()).pathname).toBe('/');
    release();
    await page.waitForURL('**/auth/login');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate<boolean | undefined>('window.sameDocument')).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test('is never shown to a remembered user: the app renders their home page in its place', async ({
    signedInPage,
  }) => {
    const { page, pageErrors } = await signedInPage({ name: 'Grace Hopper' });
    const release = await holdAppScripts(page);
    await page.goto('/');
    // The HTML is there, hidden before first paint (theme-init.js), while the app loads.
    expect(await page.locator('#root').isVisible()).toBe(false);
    // (Their home page's h1 reads the same in lower case: the landing page's is matched exactly.)
    const landingHeading = page.getByRole('heading', { name: HEADING, exact: true });
    expect(await landingHeading.isVisible()).toBe(false);
    release();
    await page.getByRole('button', { name: /^Account menu for/ }).waitFor();
    await page.getByRole('heading', { level: 1, name: "Discover what's still unbuilt", exact: true }).waitFor();
    expect(await landingHeading.count()).toBe(0);
    await page.locator('#root').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
