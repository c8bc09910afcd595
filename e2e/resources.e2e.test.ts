import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { test } from './support/fixtures.ts';

// The resource library as a founder uses it: search, open, bookmark with a note, rate; suggest a
// resource, an admin approves it, and it appears in the library. Screenshots at phone and desktop
// width go to node_modules/.cache/unbuilt/screenshots for review.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

describe('resource library', () => {
  test('searches the library, bookmarks a resource with a note and rates it', async ({ signedInPage }) => {
    const { page, pageErrors } = await signedInPage();
    await page.goto('/resources');
    await page.getByRole('heading', { name: 'Resource library', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search the library' }).fill('customer interv');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /for “customer interv”/ })
      .waitFor();
    await page.getByRole('link', { name: 'User Interviews 101' }).click();
    await page.getByRole('heading', { name: 'User Interviews 101', level: 1 }).waitFor();
    await page.getByText(/by Nielsen Norman Group · last checked [A-Z][a-z]+ \d{1,2}, \d{4}/).waitFor();

    await page.getByLabel('Notes (optional)').fill('Use before the first ten interviews');
    await page.getByLabel('Your tags (optional, separated by commas)').fill('interviews, week 1');
    await page.getByRole('button', { name: 'Save bookmark' }).click();
    await page.getByText('Bookmarked.').waitFor();

    await page.locator('label', { has: page.getByRole('radio', { name: '4 stars' }) }).click();
    await page.getByLabel('Review (optional)').fill('Short and practical.');
    await page.getByRole('button', { name: 'Submit rating' }).click();
    await page.getByText('Thanks — your rating is saved.').waitFor();
    await page.getByText('Rated 4.0 of 5 from 1 rating.').waitFor();

    await page.goto('/bookmarks');
    await page.getByText('Note: Use before the first ten interviews').waitFor();
    await page.getByRole('button', { name: 'Show bookmarks tagged week 1' }).click();
    await page.getByRole('link', { name: 'User Interviews 101' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    for (const [name, width, height] of [
      ['desktop', 1280, 900],
      ['phone', 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/resources?category=public-data');
      await page.getByRole('link', { name: 'County Business Patterns (CBP)' }).waitFor();
      const overflow = await page.evaluate('document.documentElement.scrollWidth > window.innerWidth');
      expect(overflow, name).toBe(false);
      await page.screenshot({ path: path.join(SHOTS, `resources-library-${name}.png`), fullPage: false });
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('takes a suggestion, which an admin approves, and it appears in the library', async ({ signedInPage }) => {
    const title = `Quokka launch checklist ${randomBytes(3).toString('hex')}`;
    const contributor = await signedInPage({ name: 'Cora Tributor' });
    const { page, pageErrors } = contributor;
    await page.goto('/contributions');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Link (URL)').fill('not a url');
    await page
      .getByLabel('Why is it useful? (at least 20 characters)')
      .fill('A checklist for launching a small product.');
    await page.getByRole('button', { name: 'Suggest resource' }).click();
    await page.getByText('Must be a valid URL').waitFor();
    await page.getByLabel('Link (URL)').fill(`https://example.com/${randomBytes(4).toString('hex')}`);
    await page.getByLabel('Tags (optional, separated by commas)').fill('launch, checklist');
    await page.getByRole('button', { name: 'Suggest resource' }).click();
    await page.getByText(/Your suggestion is pending review/).waitFor();
    await page.getByText('Pending review', { exact: true }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, 'resources-contributions-phone.png'), fullPage: true });

    const admin = await signedInPage({ name: 'Ada Min', role: 'admin' });
    const adminPage = admin.page;
    await adminPage.goto('/contributions');
    const item = adminPage.getByRole('listitem').filter({ has: adminPage.getByRole('heading', { name: title }) });
    await item.getByLabel('Category').selectOption({ label: 'Launch and growth' });
    await item.getByLabel('Type').selectOption('template');
    await item.getByLabel('Launch').check();
    await item.getByLabel('Note to the contributor (required to reject)').fill('Added, thank you.');
    await item.getByRole('button', { name: `Approve ${title}` }).click();
    await item.waitFor({ state: 'detached' });
    await adminPage.setViewportSize({ width: 1280, height: 900 });
    await adminPage.goto(`/resources?q=${encodeURIComponent(title)}`);
    await adminPage.getByRole('link', { name: title }).waitFor();

    await page.reload();
    await page.getByText('Approved', { exact: true }).waitFor();
    await page.getByText('Reviewer’s note: Added, thank you.').waitFor();
    await page.getByRole('link', { name: 'See it in the library' }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('opens the right help article from the "?" of each page that has one', async ({ signedInPage }) => {
    const { page } = await signedInPage();
    for (const [path, topic, title] of [
      ['/', 'running your first search', 'Run your first market-gap search'],
      ['/pricing', 'plans, searches and quotas', 'Plans, searches and quotas'],
      ['/account', 'privacy and your data', 'Privacy: what we store and how to remove it'],
      ['/resources', 'using the resource library', 'Using the resource library'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('link', { name: `Help: ${topic}` }).click();
      await page.getByRole('heading', { name: title }).waitFor();
    }
  });

  test('lists and searches help articles and opens the documentation', async ({ signedInPage }) => {
    const { page } = await signedInPage();
    await page.goto('/help');
    await page.getByRole('searchbox', { name: 'Search help articles' }).fill('scores');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: /How the scores are computed/ }).click();
    await page.getByRole('heading', { name: 'How the scores are computed' }).waitFor();
    await page.getByText(/Opportunity = 5 × \(importance/).waitFor();
    await page.goto('/documentation');
    await page.getByRole('heading', { name: 'User guide' }).waitFor();
    await page.getByRole('heading', { name: 'Method' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
