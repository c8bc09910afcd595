import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { test, type SignedInPage } from './support/fixtures.ts';

// Issue 29, the analysis page on a phone: the first result started ~940 px down below a dozen controls,
// the assistant's bubble covered the "Saved only" checkbox, and evidence links were 14 px tall. At 390 × 844
// the first result must be in the first screen, no control may sit under the bubble (on a phone it sits in
// the sticky header), and every link of an opened result must be a 44 px tap target. Screenshots of both widths go to test-results/screenshots.

const SCREENSHOT_DIR = path.resolve('test-results', 'screenshots');
const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };

beforeAll(async () => {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

async function analysisPage(signedInPage: SignedInPage, width: number, height: number): Promise<Page> {
  const { page, user } = await signedInPage();
  await page.setViewportSize({ width, height });
  const res = await page.request.post('/api/search', {
    headers: { authorization: `Bearer ${user.accessToken}` },
    data: { query: 'legal research for lawyers' },
  });
  if (!res.ok()) throw new Error(`search failed: ${res.status()} ${await res.text()}`);
  const id = ((await res.json()) as { data: { search: { id: number } } }).data.search.id;
  await page.goto(`/search/${id}`);
  await page.getByRole('list', { name: 'Opportunities' }).getByRole('article').first().waitFor();
  return page;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Every visible control the assistant's button covers: a control is covered where the topmost element at one
 * of its points (centre and four inset corners) is the button. Points behind the sticky header are the
 * header's to cover and are not counted.
 */
// Runs in the page; a string because this file is type-checked without the DOM library.
const CONTROLS_UNDER_BUBBLE = `(() => {
  const covered = [];
  // A page control's point under the sticky header is the header's to cover, whatever else is painted there.
  const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  const selector = 'a[href], button, input, select, textarea, summary, label';
  for (const el of document.querySelectorAll(selector)) {
    if (el.closest('[data-chat-launcher]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
    const inset = Math.min(4, r.width / 4, r.height / 4);
    const inHeader = Boolean(el.closest('header'));
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + inset, r.top + inset],
      [r.right - inset, r.top + inset],
      [r.left + inset, r.bottom - inset],
      [r.right - inset, r.bottom - inset],
    ];
    const isCovered = points.some(
      ([x, y]) => (inHeader || y >= headerBottom) && Boolean(document.elementFromPoint(x, y)?.closest('[data-chat-launcher]')),
    );
    if (isCovered) covered.push(el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 40) + '"');
  }
  return covered;
})()`;

function controlsUnderBubble(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(CONTROLS_UNDER_BUBBLE);
}

describe('the analysis page on a phone (390 × 844)', () => {
  test('shows the first result in the first screen; the controls fold behind two toggles', async ({ signedInPage }) => {
    const page = await analysisPage(signedInPage, PHONE.width, PHONE.height);
    const first = page.getByRole('list', { name: 'Opportunities' }).getByRole('article').first();
    const heading = await first.getByRole('heading').first().boundingBox();
    expect(heading).not.toBeNull();
    expect((heading?.y ?? Infinity) + (heading?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    // The export and share buttons are behind "Save, share and export", the sorting behind "Sort and filter".
    expect(await page.getByRole('button', { name: 'Download PDF' }).isVisible()).toBe(false);
    expect(await page.getByLabel('Saved only').isVisible()).toBe(false);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'analysis-phone-390.png') });

    await page.getByRole('button', { name: 'Save, share and export' }).click();
    await page.getByRole('button', { name: 'Download PDF' }).waitFor();
    await page.getByRole('button', { name: 'Save, share and export' }).click();
    await page.getByRole('button', { name: 'Download PDF' }).waitFor({ state: 'hidden' });
  });

  test('keeps every control clear of the assistant’s bubble, "Saved only" included', async ({ signedInPage }) => {
    const page = await analysisPage(signedInPage, PHONE.width, PHONE.height);
    const bubble = await page.getByRole('button', { name: 'Open the assistant' }).boundingBox();
    expect(bubble).not.toBeNull();
    const bubbleBox = bubble as Box;
    // On a phone it sits in the sticky header, not over the page.
    const header = await page.getByRole('banner').boundingBox();
    expect(bubbleBox.y + bubbleBox.height).toBeLessThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    expect(await controlsUnderBubble(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sort and filter' }).click();
    const savedOnly = page.getByLabel('Saved only');
    await savedOnly.waitFor();
    expect(await controlsUnderBubble(page)).toEqual([]);
    // Scrolled so that "Saved only" is the last thing on the screen, where the bubble sits.
    await savedOnly.evaluate("(el) => el.scrollIntoView({ block: 'end' })");
    const label = await page.locator('label', { hasText: 'Saved only' }).boundingBox();
    expect(label).not.toBeNull();
    expect(overlaps(label as Box, bubbleBox)).toBe(false);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'analysis-phone-390-filters.png') });
    // At the foot of the page the last links clear the bubble too.
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    expect(await controlsUnderBubble(page)).toEqual([]);
  });

  test('gives every link of an opened result a 44 px tap target', async ({ signedInPage }) => {
    const page = await analysisPage(signedInPage, PHONE.width, PHONE.height);
    const first = page.getByRole('list', { name: 'Opportunities' }).getByRole('article').first();
    await first.getByRole('button', { name: 'Show evidence and breakdown' }).click();
    // The details are there before their breakdowns are listed (`all()` does not wait).
    await first.getByRole('heading', { name: 'Demand' }).waitFor();
    // Open every breakdown so their evidence links are laid out too.
    for (const summary of await first.locator('summary').all()) await summary.click();
    const links: { text: string; height: number }[] = [];
    for (const link of await first.locator('a[href]').all()) {
      const box = await link.boundingBox();
      if (box && box.height > 0) links.push({ text: (await link.textContent()) ?? '', height: box.height });
    }
    expect(links.length).toBeGreaterThan(3);
    expect(links.filter((l) => l.height < 44)).toEqual([]);
  });
});

describe('the analysis page on a desktop (1280)', () => {
  test('shows the actions and sorting in the open, with no toggles', async ({ signedInPage }) => {
    const page = await analysisPage(signedInPage, 1280, 900);
    await page.getByRole('button', { name: 'Download PDF' }).waitFor();
    await page.getByLabel('Saved only').waitFor();
    expect(await page.getByRole('button', { name: 'Sort and filter' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Save, share and export' }).isVisible()).toBe(false);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'analysis-desktop-1280.png') });
  });
});
