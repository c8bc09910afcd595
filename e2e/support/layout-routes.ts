import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import { THEME_STORAGE_KEY } from '#shared/app/app.constants.ts';
import { scaled } from './timeouts.ts';
import { test, type OpenPage } from './fixtures.ts';
import { auditLayout, type AuditFinding } from './layout-audit.ts';
import { watchSettling, type SettledPage } from './page-settled.ts';
import { signIn } from './session.ts';

// Every route, signed out and signed in, at 360, 390 and 1280 px (issue 13): no horizontal overflow,
// every visible button and link readable against what it is painted on (≥ 4.5:1, in both themes on
// desktop), every control at least 44×44 px on touch widths, links inside sentences included (issue 29).
// A full-page screenshot of each route at 390 and 1280 px is saved to test-results/screenshots/ for a
// person to look at. The routes are split over three files (e2e/layout.*.e2e.test.ts) so the browser
// suite's two workers share them (docs/decisions/046-ci-time.md); `e2e/layout.` runs all three.

const SCREENSHOT_DIR = path.resolve('test-results', 'screenshots');
const TOUCH_MAX_WIDTH = 1024;
const SCREENSHOT_WIDTHS = new Set<number>([390, 1280]);

export const SIGNED_OUT_ROUTES: string[] = [
  '/',
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/reset-password?token=not-a-real-token',
  '/forgot-password',
  '/reset-password',
  '/pricing',
  '/about',
  '/help',
  '/privacy',
  '/terms',
  '/contact',
  '/share/no-such-share',
  '/teams/join',
  '/unsubscribe',
  '/no-such-page',
];

/** The signed-in product pages (e2e/layout.signed-in-tools.e2e.test.ts). */
export const SIGNED_IN_TOOL_ROUTES: string[] = [
  '/',
  '/saved',
  '/history',
  '/trending',
  '/auth/upgrade',
  '/bookmarks',
  '/contributions',
  '/resources',
  '/resources/1',
  '/subscribe',
  '/free-trial',
  '/validate-idea',
  '/action-plan',
  '/market-research',
  '/market-trends',
  '/analytics',
  '/documentation',
  '/teams',
];

/** Sharing, account, billing and the public pages signed in (e2e/layout.signed-in-account.e2e.test.ts), with a search's pages. */
export const SIGNED_IN_ACCOUNT_ROUTES: string[] = [
  // Shared with me: the empty list, and an analysis / idea that is not (or no longer) shared.
  '/shared',
  '/shared/analyses/999999',
  '/shared/ideas/999999',
  '/account',
  '/profile-edit',
  '/change-password',
  '/profile',
  '/subscription/success',
  '/billing',
  '/billing/demo-checkout/no-such-session',
  '/pricing',
  '/about',
  '/help',
  '/privacy',
  '/terms',
  '/contact',
  '/no-such-page',
];

function fileName(set: string, route: string, width: number, theme: string): string {
  const slug =
    route
      .replace(/\?.*$/, '')
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '') || 'root';
  return path.join(SCREENSHOT_DIR, `${set}-${slug}-${width}-${theme}.png`);
}

/**
 * The account's theme, signed in: the app adopts it on every load over the device's choice
 * (PreferencesSync), so the light pass set only in localStorage was drawn dark. Through a fresh access
 * token from the context's refresh cookie, whose rotation lands in the same cookie jar.
 */
async function setAccountTheme(page: Page, theme: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const refresh = await page.request.post('/api/auth/refresh', { headers: { origin } });
  if (!refresh.ok()) throw new Error(`refresh failed: ${refresh.status()}`);
  const { accessToken } = ((await refresh.json()) as { data: { accessToken: string } }).data;
  const saved = await page.request.patch('/api/account/preferences', {
    headers: { origin, authorization: `Bearer ${accessToken}` },
    data: { theme },
  });
  if (!saved.ok()) throw new Error(`saving the theme failed: ${saved.status()}`);
}

const PASSES = [
  { theme: 'dark', width: 360 },
  { theme: 'dark', width: 390 },
  { theme: 'dark', width: 1280 },
  // Light theme on desktop only: what it could break (colours) does not change with width.
  { theme: 'light', width: 1280 },
] as const;
const PASS_TIMEOUT_MS = scaled(240_000);

/** Opens each route at one width and theme and returns every finding, labelled with where it was seen. */
async function auditPass(
  { page, settled }: AuditSession,
  set: string,
  routes: readonly string[],
  { theme, width }: (typeof PASSES)[number],
): Promise<string[]> {
  await page.evaluate(`localStorage.setItem(${JSON.stringify(THEME_STORAGE_KEY)}, ${JSON.stringify(theme)})`);
  if (set === 'signed-in') await setAccountTheme(page, theme);
  await page.setViewportSize({ width, height: width >= TOUCH_MAX_WIDTH ? 900 : 800 });
  const problems: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await settled.settle();
    await page.locator('h1').first().waitFor();
    // The pass's theme is the one drawn (the signed-in light pass was drawn dark until the account's was set).
    if (!(await page.evaluate<boolean>(`document.documentElement.classList.contains(${JSON.stringify(theme)})`)))
      problems.push(`${route}: theme not drawn in ${theme}`);
    const findings: AuditFinding[] = await auditLayout(page, {
      checkTargets: width < TOUCH_MAX_WIDTH,
      // Links inside sentences too (issue 29): WCAG 2.5.8 exempts them, but a thumb misses a 14 px link in
      // a line of text. Prose links get a 44 px tall hit area on touch widths (styles.css, .inline-link).
      checkInlineLinks: width < TOUCH_MAX_WIDTH,
    });
    for (const f of findings) problems.push(`${route}: ${f.rule} ${f.element} ${f.detail}`);
    if (theme === 'dark' && SCREENSHOT_WIDTHS.has(width)) {
      await page.screenshot({ path: fileName(set, route, width, theme), fullPage: true });
    }
  }
  return problems;
}

type AuditSession = {
  page: Page;
  context: BrowserContext;
  pageErrors: string[];
  routes: string[];
  settled: SettledPage;
};

type OpenedSession = Omit<AuditSession, 'settled'>;

/**
 * A signed-in session whose user has run one search, as the audit has always had it (/analytics,
 * /history and the rest show their filled state, not the empty one), and the search's two pages.
 */
export async function signInWithSearch(openPage: OpenPage): Promise<OpenedSession & { searchRoutes: string[] }> {
  const { user, ...session } = await signIn(await openPage(), { name: 'Layout Auditor' });
  const headers = { authorization: `Bearer ${user.accessToken}` };
  const search = await session.page.request.post('/api/search', {
    headers,
    data: { query: 'legal research for lawyers' },
  });
  if (!search.ok()) throw new Error(`search failed: ${search.status()}`);
  const searchId = ((await search.json()) as { data: { search: { id: number } } }).data.search.id;
  const detail = await session.page.request.get(`/api/searches/${searchId}`, { headers });
  const results = ((await detail.json()) as { data: { results: { id: number }[] } }).data.results;
  if (!results[0]) throw new Error('the fixture search found nothing: the result page would go unchecked');
  return { ...session, routes: [], searchRoutes: [`/search/${searchId}`, `/search-result/${results[0].id}`] };
}

/** One describe per file: a session opened once, then each width and theme over every route. */
export function describeRoutes(
  set: 'signed-out' | 'signed-in',
  open: (openPage: OpenPage) => Promise<OpenedSession>,
): void {
  describe(`layout on every route, ${set.replace('-', ' ')}`, () => {
    let session: AuditSession;
    test.beforeAll(async ({ openSharedPage }) => {
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const opened = await open(openSharedPage);
      session = { ...opened, settled: await watchSettling(opened.page) };
    });
    afterAll(async () => {
      expect(session.pageErrors).toEqual([]);
    });
    for (const pass of PASSES) {
      test(
        `${pass.width} px, ${pass.theme}: no overflow, readable buttons and links, 44 px targets on phones`,
        async () => {
          expect(await auditPass(session, set, session.routes, pass)).toEqual([]);
        },
        PASS_TIMEOUT_MS,
      );
    }
  });
}
