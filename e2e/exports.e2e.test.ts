import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { FREE_MONTHLY_EXPORTS } from '#shared/plans/plans.constants.ts';
import { download } from './support/download.ts';
import { test } from './support/fixtures.ts';

// Export buttons download real files (issue 17): the PDF report on any plan, CSVs on Pro; a free user
// meets the Pro prompt for CSV and 'Export limit reached' after the monthly allowance.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

async function runSearch(page: Page, query: string): Promise<void> {
  const field = page.getByRole('searchbox', { name: 'Describe a market to explore' });
  await field.fill(query);
  await field.press('Enter');
  await page.waitForURL(/\/search\/\d+$/);
}

describe('exports', () => {
  test('downloads the PDF report and the CSVs on Pro', async ({ signedInPage }) => {
    const { page, pageErrors } = await signedInPage({ plan: 'pro' });
    await runSearch(page, 'legal research for lawyers');
    const pdf = await download(page, 'Download PDF');
    expect(pdf.name).toMatch(/^unbuilt-legal-research-for-lawyers-\d+\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await download(page, 'Download CSV');
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.bytes.toString('utf8')).toContain('legal research for lawyers');
    await page.getByLabel('Pitch-deck template').selectOption('minimal');
    const deck = await download(page, 'Download pitch deck');
    expect(deck.name).toMatch(/^unbuilt-legal-research-for-lawyers-\d+\.pptx$/);
    expect(deck.bytes.subarray(0, 2).toString()).toBe('PK');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, 'exports-analysis-390.png') });
    await page.goto('/history');
    const history = await download(page, 'Download CSV');
    expect(history.name).toMatch(/^unbuilt-history-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(history.bytes.toString('utf8').split('\r\n').length).toBeGreaterThanOrEqual(3);
    expect(pageErrors).toEqual([]);
  });

  test('downloads an analysis bundle that another account imports as a read-only copy', async ({ signedInPage }) => {
    const owner = await signedInPage({ plan: 'pro' });
    const importer = await signedInPage();
    await runSearch(owner.page, 'bookkeeping for dentists');
    const bundle = await download(owner.page, 'Download bundle');
    expect(bundle.name).toMatch(/^unbuilt-bookkeeping-for-dentists-\d+\.unbuilt\.json$/);
    await importer.page.goto('/history');
    await importer.page.getByLabel('Import analysis').setInputFiles({
      name: bundle.name,
      mimeType: 'application/json',
      buffer: bundle.bytes,
    });
    await importer.page.waitForURL(/\/search\/\d+$/);
    await importer.page.getByRole('heading', { level: 1, name: 'bookkeeping for dentists' }).waitFor();
    await importer.page.getByRole('note').filter({ hasText: 'a read-only copy' }).waitFor();
    expect(await importer.page.getByRole('button', { name: /^Re-run/ }).count()).toBe(0);
    await importer.page.screenshot({ path: path.join(SHOTS, 'exports-imported-1280.png') });
    expect([...owner.pageErrors, ...importer.pageErrors]).toEqual([]);
  });

  test('a free user gets the PDF, the Pro prompt for CSV, and the export-limit prompt after the allowance', async ({
    signedInPage,
  }) => {
    const { page, pageErrors } = await signedInPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await runSearch(page, 'legal research for lawyers');
    await page.getByText(`${FREE_MONTHLY_EXPORTS} exports left this month`).waitFor();
    await page.getByRole('button', { name: 'Download CSV (Pro feature)' }).click();
    await page.getByText('This is a Pro feature').waitFor();
    for (let i = 0; i < FREE_MONTHLY_EXPORTS; i++) {
      const pdf = await download(page, 'Download PDF');
      expect(pdf.bytes.length).toBeGreaterThan(1000);
    }
    await page.getByText('0 exports left this month').waitFor();
    await page.getByRole('button', { name: 'Download PDF', exact: true }).click();
    await page.getByText('Export limit reached', { exact: true }).first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'exports-limit-1280.png') });
    expect(pageErrors).toEqual([]);
  });
});
