import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import type { Opportunity } from '#shared/engine/analysis.schemas.ts';
import { dentalOnlyOpportunity, vetAnalysisOpportunities } from '#shared/engine/test/market-map-fixtures.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { test } from './support/fixtures.ts';
import { type SignedInUser } from './support/session.ts';

// The market map on the analysis page (issue 28 point 8), at 1280 and 390 px. A real search on the seed corpus
// gives one cell; the map of several segments and jobs comes from an analysis bundle, imported as a user
// would, whose opportunities carry the evidence the engine writes on the full datasets.

const SCREENSHOT_DIR = path.resolve('test-results', 'screenshots');

beforeAll(async () => {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

async function api<T>(page: Page, user: SignedInUser, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${user.accessToken}` },
    ...(data === undefined ? {} : { data }),
  });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A real search on the seed corpus, and two analyses imported from its bundle with other opportunities: two
 * segments × two jobs (one pair empty), and a single cell.
 */
async function analyses(page: Page, user: SignedInUser): Promise<{ real: number; map: number; single: number }> {
  const searched = await api<{ data: { search: { id: number } } }>(page, user, 'POST', '/api/search', {
    query: 'legal research for lawyers',
  });
  const real = searched.data.search.id;
  const bundle = await api<{ payload: { analysis: { query: string; opportunities: Opportunity[] } } }>(
    page,
    user,
    'GET',
    `/api/exports/searches/${real}/bundle`,
  );
  const importWith = async (query: string, opportunities: Opportunity[]) => {
    bundle.payload.analysis.query = query;
    bundle.payload.analysis.opportunities = opportunities;
    const imported = await api<{ data: { searchId: number } }>(page, user, 'POST', '/api/exports/bundles', bundle);
    return imported.data.searchId;
  };
  return {
    real,
    map: await importWith('front desk automation for veterinary clinics', vetAnalysisOpportunities),
    single: await importWith('software for dental practices', [dentalOnlyOpportunity]),
  };
}

/** The href of the focused element (string expressions: this file is type-checked without the DOM library). */
const focusedHref = (page: Page) =>
  page.evaluate<string | null>("document.activeElement?.getAttribute('href') ?? null");

const mapRegion = (page: Page) => page.getByRole('region', { name: 'Market map', exact: true });

describe('the market map at 1280 px', () => {
  test('shows the grid with its legend, opens a cell from the keyboard, and holds the table behind it', async ({
    signedInPage,
  }) => {
    const { page, user, pageErrors } = await signedInPage({ plan: 'pro' });
    await page.setViewportSize({ width: 1280, height: 900 });
    const { map } = await analyses(page, user);
    await page.goto(`/search/${map}`);
    const region = mapRegion(page);
    await region.getByRole('heading', { name: 'Market map' }).waitFor();
    await region.getByText('2 segments × 2 jobs: 3 scored, 1 not scored.').waitFor();
    await region.getByRole('list', { name: 'Legend' }).waitFor();
    const cells = region.getByRole('link', { name: /^Open the opportunity/ });
    await expect.poll(() => cells.count()).toBe(3);
    for (const cell of await cells.all()) {
      const box = await cell.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
    // The two cells of the first row sit side by side, the empty cell under the second job.
    const [a, b] = await Promise.all([cells.nth(0).boundingBox(), cells.nth(1).boundingBox()]);
    expect(Math.abs((a?.y ?? 0) - (b?.y ?? 1))).toBeLessThan(2);
    expect((b?.x ?? 0) > (a?.x ?? 0)).toBe(true);
    await region.getByText('Not scored', { exact: true }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'market-map-1280.png'), fullPage: true });

    expect(await seriousAxeViolations(page)).toEqual([]);

    // Keyboard: Tab reaches the cell, its focus ring shows, Enter opens its opportunity.
    const physicians = region.getByRole('link', {
      name: /^Open the opportunity Front desk automation for physicians' offices:/,
    });
    let tabs = 0;
    const href = await physicians.getAttribute('href');
    expect(href).toMatch(/^\/search-result\/\d+$/);
    while ((await focusedHref(page)) !== href && tabs < 60) {
      await page.keyboard.press('Tab');
      tabs++;
    }
    expect(tabs).toBeLessThan(60);
    expect(await page.evaluate('getComputedStyle(document.activeElement).outlineStyle')).toBe('solid');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'market-map-1280-focus.png') });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search-result\/\d+$/);
    await page.getByRole('heading', { level: 1, name: "Front desk automation for physicians' offices" }).waitFor();

    await page.goBack();
    await mapRegion(page).getByText('The map as a table').click();
    const table = mapRegion(page).getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(5);
    // A table on a desktop: its cells carry no phone labels.
    expect(
      await page.evaluate(
        "getComputedStyle(document.querySelector('[aria-label=\"Market map table\"] td'), '::before').content",
      ),
    ).toMatch(/^(none|normal)$/);
    expect(await table.getByRole('row').nth(3).textContent()).toContain('220,113');
    expect(await table.getByRole('row').nth(3).textContent()).toContain(
      '412,600 people doing this work (in the industry)',
    );
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'market-map-1280-table.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  test('says plainly when the analysis has one cell', async ({ signedInPage }) => {
    const { page, user } = await signedInPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const { single } = await analyses(page, user);
    await page.goto(`/search/${single}`);
    const note = mapRegion(page).getByRole('note');
    await note.waitFor();
    expect(await note.textContent()).toBe(
      'This map has one cell: the analysis scored one customer segment (dental practices) and one job (software), so there is nothing to compare it with here.',
    );
    expect(
      await mapRegion(page)
        .getByRole('link', { name: /^Open the opportunity/ })
        .count(),
    ).toBe(1);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'market-map-1280-single.png') });
  });

  test('maps a real search: a cell an opportunity, each opening it', async ({ signedInPage }) => {
    const { page, user } = await signedInPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const { real } = await analyses(page, user);
    await page.goto(`/search/${real}`);
    const region = mapRegion(page);
    await region.getByRole('heading', { name: 'Market map' }).waitFor();
    // evaluateAll reads what is there now: wait for the cells first.
    await region
      .getByRole('link', { name: /^Open the opportunity/ })
      .first()
      .waitFor();
    const detail = await api<{ data: { results: { id: number; title: string }[] } }>(
      page,
      user,
      'GET',
      `/api/searches/${real}`,
    );
    const hrefs = await region
      .getByRole('link', { name: /^Open the opportunity/ })
      .evaluateAll((links: { getAttribute: (name: string) => string | null }[]) =>
        links.map((a) => a.getAttribute('href')),
      );
    expect(hrefs.sort()).toEqual(detail.data.results.map((r) => `/search-result/${r.id}`).sort());
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'market-map-1280-real.png'), fullPage: true });
  });
});

describe('the market map at 390 px', () => {
  test('folds behind one toggle, then lists the cells a segment at a time without overflowing the screen', async ({
    signedInPage,
  }) => {
    const { page, user, pageErrors } = await signedInPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const { map, real } = await analyses(page, user);
    // On a real analysis the first result stays in the first screen: on a phone the map comes after the results.
    await page.goto(`/search/${real}`);
    await mapRegion(page).getByRole('button', { name: 'Show the market map' }).waitFor();
    const first = page.getByRole('list', { name: 'Opportunities' }).getByRole('article').first();
    const heading = await first.getByRole('heading').first().boundingBox();
    expect((heading?.y ?? Infinity) + (heading?.height ?? 0)).toBeLessThanOrEqual(844);
    const mapBox = await mapRegion(page).boundingBox();
    expect(mapBox?.y ?? 0).toBeGreaterThan(heading?.y ?? Infinity);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'market-map-390-first-screen.png') });

    await page.goto(`/search/${map}`);
    const region = mapRegion(page);
    await region.getByRole('button', { name: 'Show the market map' }).waitFor();
    await region.getByRole('button', { name: 'Show the market map' }).click();
    const cells = region.getByRole('link', { name: /^Open the opportunity/ });
    await cells.first().waitFor();
    for (const cell of await cells.all()) {
      const box = await cell.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    // Each cell names its job on a phone (there are no column headers to read it from).
    expect(await cells.nth(0).textContent()).toContain('front desk automation');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await region.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'market-map-390.png'), fullPage: true });

    await region.getByText('The map as a table').click();
    await region.getByRole('table').waitFor();
    // On a phone the table is a list: no sideways scrolling, each figure led by its column's name.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    const scroller = region.getByRole('region', { name: 'Market map table' });
    expect(
      await scroller.evaluate((el: { scrollWidth: number; clientWidth: number }) => el.scrollWidth <= el.clientWidth),
    ).toBe(true);
    expect(
      await page.evaluate(
        "[...document.querySelectorAll('[aria-label=\"Market map table\"] td')].filter((td) => td.offsetParent).map((td) => getComputedStyle(td, '::before').content).slice(0, 7)",
      ),
    ).toEqual([
      '"Job: "',
      '"Opportunity: "',
      '"Score: "',
      '"Supply: "',
      '"Establishments: "',
      '"People doing the work: "',
      '"Growth: "',
    ]);
    await scroller.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'market-map-390-table.png') });

    await cells.nth(2).click();
    await page.waitForURL(/\/search-result\/\d+$/);
    await page.getByRole('heading', { level: 1, name: "Front desk automation for physicians' offices" }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
