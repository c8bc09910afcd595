import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { signedInPage } from './support/session.ts';

// What a founder reads in an opportunity's details: why each competitor matched (its own sentence),
// the demand cited with each occupation's role, and the software already used in this work, at
// desktop and phone width. Screenshots go to node_modules/.cache/unbuilt/screenshots for review.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser.close();
});

describe('analysis details', () => {
  it.each([
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ])('shows why competitors matched, the cited demand and its roles (%s)', async (name, width, height) => {
    const { context, page, pageErrors } = await signedInPage(browser);
    try {
      await page.setViewportSize({ width, height });
      const field = page.getByRole('searchbox', { name: 'Describe a market to explore' });
      await field.fill('legal research for lawyers');
      await field.press('Enter');
      await page.waitForURL(/\/search\/\d+$/);
      const card = page.getByRole('article').first();
      await card.getByRole('button', { name: 'Show evidence and breakdown' }).click();
      await card.getByRole('heading', { name: 'Demand' }).waitFor();
      expect(await card.getByText(/^Why it matched/).count()).toBeGreaterThan(0);
      expect(await card.getByText(/^(Customers|People doing this work):/).count()).toBeGreaterThan(0);
      // The details never widen their card (the page header's own phone layout is issue 13's).
      expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      for (const heading of ['Competitors', 'Demand']) {
        await card.getByRole('heading', { name: heading, exact: true }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `analysis-${heading.toLowerCase()}-${name}.png`) });
      }
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
