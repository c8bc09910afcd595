import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { CAREERS_EMAIL, SUPPORT_EMAIL, THEME_STORAGE_KEY } from '#shared/app/app.constants.ts';
import { PLANS, planPriceLabel } from '#shared/plans/plans.constants.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { baseUrl } from './support/browser.ts';
import { test } from './support/fixtures.ts';

// Page scripts are passed as strings: this file is type-checked without the DOM library.
function htmlClassName(page: Page): Promise<string> {
  return page.evaluate<string>('document.documentElement.className');
}

describe('landing page', () => {
  test('shows the hero, feature cards, pricing from the plan definition, closing call to action and footer links', async ({
    openPage,
  }) => {
    const { page, pageErrors } = await openPage();
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe("Discover What's Still Unbuilt");
    expect(await page.title()).toContain("Discover What's Still Unbuilt");
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description).toMatch(/evidence/i);

    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Start Finding Gaps' }).first().getAttribute('href')).toBe(
      '/auth/register',
    );
    // No demo exists: the second hero button leads to the feature cards on this page, not to the sign-in form.
    expect(await main.getByRole('link', { name: 'See How It Works' }).getAttribute('href')).toBe('#features');

    for (const card of ['AI-Powered Analysis', 'Detailed Market Insights', 'Export & Share']) {
      await main.getByRole('heading', { name: card, level: 3 }).waitFor();
    }

    const pricing = main.getByRole('region', { name: 'Simple, transparent pricing' });
    for (const plan of Object.values(PLANS)) {
      const card = pricing
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: plan.name, exact: true }) });
      expect(await card.textContent()).toContain(`${planPriceLabel(plan)}/month`);
      for (const feature of plan.features) expect(await card.textContent()).toContain(feature);
    }
    await main.getByRole('heading', { name: 'Ready to find your next opportunity?' }).waitFor();

    const footer = page.getByRole('contentinfo');
    const product = footer.getByRole('navigation', { name: 'Product' });
    // /trending is signed-in only; a visitor's "Features" goes to the landing page's feature cards.
    expect(await product.getByRole('link', { name: 'Features' }).getAttribute('href')).toBe('/#features');
    // Promised features not built yet say so, line by line; built ones do not.
    for (const feature of ['White-label options']) {
      expect(await pricing.locator('li li', { hasText: feature }).textContent()).toContain('coming soon');
    }
    for (const feature of ['Unlimited searches', 'Share analyses and ideas with your team', 'Full REST API access']) {
      expect(await pricing.locator('li li', { hasText: feature }).textContent()).not.toContain('coming soon');
    }
    const legal = footer.getByRole('navigation', { name: 'Legal' });
    expect(await legal.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await legal.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    const company = footer.getByRole('navigation', { name: 'Company' });
    expect(await company.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(await company.getByRole('link', { name: 'Careers' }).getAttribute('href')).toBe(`mailto:${CAREERS_EMAIL}`);

    await main.getByRole('link', { name: 'Start Finding Gaps' }).first().click();
    await page.waitForURL('**/auth/register');
    expect(new URL(page.url()).pathname).toBe('/auth/register');
    expect(pageErrors).toEqual([]);
  });

  test('has a signed-out header whose mobile menu offers About and Help & Docs', async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    const header = page.getByRole('banner');
    expect(await header.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    const toggle = header.getByRole('button', { name: 'Open menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    expect(await menu.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about');
    expect(await menu.getByRole('link', { name: 'Help & Docs' }).getAttribute('href')).toBe('/help');
    expect(await menu.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth/login');
    expect(await menu.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/auth/register');

    expect(await seriousAxeViolations(page)).toEqual([]);

    await menu.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'About Unbuilt', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor({ state: 'detached' });
  });
});

describe('information pages', () => {
  const pages = [
    { path: '/pricing', heading: 'Pricing', mentions: ['Free', 'Pro', 'Enterprise', 'money-back'] },
    { path: '/about', heading: 'About Unbuilt', mentions: ['O*NET', 'BLS', 'not found in our data'] },
    { path: '/help', heading: 'Help & Docs', mentions: ['Reading a result', 'Keyboard shortcuts'] },
    { path: '/privacy', heading: 'Privacy Policy', mentions: ['Argon2id', 'audit log', 'searches and results'] },
    { path: '/terms', heading: 'Terms of Service', mentions: ['not financial, legal or investment advice'] },
  ];

  test('each has its own title, meta description, one h1 and the page landmarks', async ({ openPage }) => {
    const { page } = await openPage();
    const titles = new Set<string>();
    const descriptions = new Set<string | null>();
    for (const { path, heading, mentions } of pages) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      for (const landmark of ['banner', 'main', 'contentinfo'] as const)
        expect(await page.getByRole(landmark).count()).toBe(1);
      const text = (await page.getByRole('main').textContent()) ?? '';
      for (const mention of mentions) expect(text).toContain(mention);
      titles.add(await page.title());
      descriptions.add(await page.locator('meta[name="description"]').getAttribute('content'));
    }
    expect(titles.size).toBe(pages.length);
    expect(descriptions.size).toBe(pages.length);
  });

  test('finds no serious or critical axe violation on About, Help, Privacy and Terms', async ({ openPage }) => {
    const { page } = await openPage();
    for (const { path, heading } of pages.slice(1)) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect({ path, violations: await seriousAxeViolations(page) }).toEqual({ path, violations: [] });
    }
  });
});

describe('theme', () => {
  test('is dark by default, and a chosen theme survives a reload and applies before the app script runs', async ({
    openPage,
  }) => {
    const { page } = await openPage();
    await page.goto('/');
    expect(await htmlClassName(page)).toContain('dark');

    const header = page.getByRole('banner');
    // The toggle cycles dark → system → light; its label names the current choice. Each click waits
    // for the label it leads to (a loop on the label's count could click again before it changed).
    await header.getByRole('button', { name: /^Theme: Dark/ }).click();
    await header.getByRole('button', { name: /^Theme: System/ }).click();
    await header.getByRole('button', { name: /^Theme: Light/ }).waitFor();
    expect(await page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})`)).toBe(
      'light',
    );
    expect((await htmlClassName(page)).split(' ').includes('light')).toBe(true);

    await page.reload();
    expect((await htmlClassName(page)).split(' ').includes('light')).toBe(true);
    expect((await htmlClassName(page)).split(' ').includes('dark')).toBe(false);

    // With the application bundle blocked, only /theme-init.js can have applied the theme: it is in
    // place before the app (and so before the first paint of any React content). / itself is HTML
    // without the app (ADR 041; landing-prerendered.e2e.test.ts), so an app page shows it here.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/pricing');
    expect((await htmlClassName(page)).split(' ').includes('light')).toBe(true);
    expect(await page.locator('#root').innerHTML()).toBe('');
  });
});

describe('not-found page', () => {
  test('shows the not-found page for an unknown path; a signed-in page opened signed out goes to sign-in', async ({
    openPage,
  }) => {
    const { page } = await openPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain('/no-such-page');
    expect(await page.title()).toContain('Page not found');

    // Issue 29: /resources signed out showed a 404; it sends to sign-in and back.
    await page.goto('/resources');
    await page.waitForURL('**/auth/login?redirectTo=%2Fresources');
    expect(await page.getByRole('heading', { name: 'Page not found', level: 1 }).count()).toBe(0);
  });

  test('answers an unknown API path with the JSON error envelope and 404', async () => {
    const response = await fetch(`${baseUrl()}/api/no-such-endpoint`);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { success: boolean; code: string };
    expect(body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('keyboard access', () => {
  test('offers a skip link as the first tab stop that moves focus to the main content', async ({ openPage }) => {
    const { page } = await openPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toBe('Skip to main content');
    await focused.waitFor();
    await page.keyboard.press('Enter');
    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe('main-content');
    expect(await page.evaluate<string | undefined>('document.activeElement?.tagName')).toBe('MAIN');
  });

  test('opens the keyboard-shortcuts modal with "?" and from the header button, and closes it with Escape', async ({
    openPage,
  }) => {
    const { page } = await openPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();

    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const text = await dialog.textContent();
    expect(text).toContain('Ctrl');
    expect(text).toContain('⌘');
    expect(text).toContain('Focus the search field');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('banner').getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('accessibility (axe)', () => {
  const pages = [
    { path: '/', heading: "Discover What's Still Unbuilt" },
    { path: '/pricing', heading: 'Pricing' },
    { path: '/no-such-page', heading: 'Page not found' },
  ];

  for (const { path, heading } of pages) {
    for (const theme of ['dark', 'light'] as const) {
      test(`finds no serious or critical violation on ${path} (${theme} theme)`, async ({ openPage }) => {
        const { context, page } = await openPage();
        await context.addInitScript(
          `localStorage.setItem(${JSON.stringify(THEME_STORAGE_KEY)}, ${JSON.stringify(theme)})`,
        );
        await page.goto(path);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    }
  }
});
