import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { test } from './support/fixtures.ts';

// What a founder reads in an opportunity's details: why each competitor matched (its own sentence), its team size,
// the demand cited with each occupation's role, and the software already used in this work, at
// desktop and phone width. Screenshots go to node_modules/.cache/unbuilt/screenshots for review.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

describe('analysis details', () => {
  test.for([
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const)(
    'shows why competitors matched, the cited demand and its roles (%s)',
    async ([name, width, height], { signedInPage }) => {
      const { page, pageErrors } = await signedInPage();
      await page.setViewportSize({ width, height });
      const field = page.getByRole('searchbox', { name: 'Describe a market to explore' });
      await field.fill('legal research for lawyers');
      await field.press('Enter');
      await page.waitForURL(/\/search\/\d+$/);
      const card = page.getByRole('article').first();
      await card.getByRole('button', { name: 'Show evidence and breakdown' }).click();
      await card.getByRole('heading', { name: 'Demand' }).waitFor();
      await card
        .getByText(/^Why it matched/)
        .first()
        .waitFor();
      // How the competitors are ordered, with each one's team size (ADR 054).
      await card.getByText(/^Closest to (this job|your query) first/).waitFor();
      expect(await card.getByText(/^\d[\d,]* (people|person)$/).count()).toBeGreaterThan(0);
      await card
        .getByText(/^(Customers|People doing this work):/)
        .first()
        .waitFor();
      // The details never widen their card (the page header's own phone layout is issue 13's).
      expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      for (const heading of ['Competitors', 'Demand']) {
        await card.getByRole('heading', { name: heading, exact: true }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SHOTS, `analysis-${heading.toLowerCase()}-${name}.png`) });
      }
      expect(pageErrors).toEqual([]);
    },
  );
});
