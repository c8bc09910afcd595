import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { test } from './support/fixtures.ts';
import { auditLayout } from './support/layout-audit.ts';

// Issue 16: /analytics counts the user's own searches, Pro sees advanced analytics, and "delete my
// analytics data" removes the recorded events.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

async function runSearch(page: Page, accessToken: string, query: string): Promise<void> {
  const res = await page.request.post('/api/search', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { query },
  });
  if (!res.ok()) throw new Error(`search failed: ${res.status()} ${await res.text()}`);
}

describe('analytics page', () => {
  test('shows the user’s searches and deletes their analytics events on request', async ({ signedInPage }) => {
    const { page, user, pageErrors } = await signedInPage({ plan: 'pro' });
    await runSearch(page, user.accessToken, 'legal research for lawyers');
    await runSearch(page, user.accessToken, 'pet sitting for busy owners');
    await page.goto('/analytics');
    const totals = page.getByText('Searches', { exact: true }).locator('xpath=following-sibling::dd');
    await totals.waitFor();
    expect(await totals.textContent()).toBe('2');
    await page.getByRole('table', { name: 'Searches per month, last 12 months' }).waitFor();
    await page.getByRole('heading', { name: 'Compare analyses' }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'analytics-1280.png'), fullPage: true });

    await page.getByText('2 events kept', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Delete my analytics data' }).click();
    await page.getByRole('button', { name: 'Yes, delete 2 events' }).click();
    await page.getByText('Deleted 2 events.').waitFor();
    await page.getByText('0 events kept', { exact: false }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('a free user is pointed to the plans for advanced analytics; the page fits a phone', async ({
    signedInPage,
  }) => {
    const { page } = await signedInPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/analytics');
    await page.getByText('No searches yet', { exact: false }).waitFor();
    await page.getByText(/part of advanced analytics in the Pro and Enterprise plans/).waitFor();
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    // The empty state's link sits in a sentence: on a phone it is a 44 px tap target all the same.
    expect(await auditLayout(page, { checkTargets: true, checkInlineLinks: true })).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'analytics-390.png'), fullPage: true });
  });
});
