import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { JPEG_LOGO } from '../src/server/test/images.ts';
import { pdfPages } from '../src/server/test/pdf-text.ts';
import { download } from './support/download.ts';
import { test } from './support/fixtures.ts';

// Report branding in account settings (issue 17): a Pro user sets a company name, accent colour and logo,
// sees them in the live preview, and the PDF report downloaded afterwards carries them instead of Unbuilt.
// A free user sees the section with the upgrade prompt and cannot edit it.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

/** Scrolls so `target` starts just under the sticky header, as a person would look at it. */
async function scrollUnderHeader(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  const scrolled = Number(await page.evaluate('window.scrollY'));
  await page.evaluate(`window.scrollTo(0, ${Math.max(0, scrolled + (box?.y ?? 0) - 72)})`);
}

describe('report branding', () => {
  test('a Pro user sets branding with a live preview and downloads a branded PDF', async ({ signedInPage }) => {
    const { page, pageErrors } = await signedInPage({ plan: 'pro' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Report branding' });
    await section.getByLabel('Company name').fill('Acme Research Ltd');
    const preview = section.getByTestId('branding-preview');
    await preview.getByText('Acme Research Ltd', { exact: true }).waitFor();

    await section.getByLabel('Accent colour', { exact: true }).fill('#FACC15');
    await section.getByRole('status').filter({ hasText: 'too light for white text' }).waitFor();
    await section.getByLabel('Accent colour', { exact: true }).fill('#0F766E');
    await section.getByRole('status').filter({ hasText: 'too light' }).waitFor({ state: 'detached' });
    await section.getByRole('button', { name: 'Save branding' }).click();
    await page.getByText('Report branding saved').waitFor();
    // The toast's close button is a 44 px target, inside the toast (sonner's default is a 20 px disc).
    const close = await page.getByRole('button', { name: 'Close toast' }).first().boundingBox();
    expect(close?.width).toBeGreaterThanOrEqual(44);
    expect(close?.height).toBeGreaterThanOrEqual(44);

    await section.getByLabel('Logo').setInputFiles({ name: 'acme.jpg', mimeType: 'image/jpeg', buffer: JPEG_LOGO });
    await preview.getByRole('img', { name: 'Your logo' }).waitFor();
    await section.getByText('Current logo: 240 × 80 pixels').waitFor();
    const shoot = async (name: string, target: 'section' | 'preview') => {
      await scrollUnderHeader(page, target === 'section' ? section : preview);
      await page.screenshot({ path: path.join(SHOTS, name) });
    };
    await shoot('report-branding-1280.png', 'section');
    await page.setViewportSize({ width: 390, height: 844 });
    // Every tick box and radio on the account page is drawn the same 20 px size on a phone: one beside a
    // long description must not be squeezed by it (it was, to 13 px).
    const controlWidths = await page.evaluate<number[]>(
      `[...document.querySelectorAll('main input[type=checkbox], main input[type=radio]')].map((i) => Math.round(i.getBoundingClientRect().width))`,
    );
    expect(controlWidths.length).toBeGreaterThan(5);
    expect(new Set(controlWidths)).toEqual(new Set([20]));
    await shoot('report-branding-390.png', 'section');
    await shoot('report-branding-preview-390.png', 'preview');
    await page.setViewportSize({ width: 1280, height: 900 });

    const field = page.getByRole('searchbox', { name: 'Describe a market to explore' });
    await page.goto('/');
    await field.fill('legal research for lawyers');
    await field.press('Enter');
    await page.waitForURL(/\/search\/\d+$/);
    const pdf = await download(page, 'Download PDF');
    expect(pdf.name).toMatch(/^acme-research-ltd-legal-research-for-lawyers-\d+\.pdf$/);
    const pages = await pdfPages(pdf.bytes);
    expect(pages[0]).toContain('Acme Research Ltd');
    expect(pages.join(' ')).not.toMatch(/unbuilt/i);
    expect(pages.at(-1)).toContain('Sources and attribution');

    await page.goto('/account');
    await section.getByRole('button', { name: 'Remove logo' }).click();
    await section.getByText('No logo yet.').waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('a free user sees the upgrade prompt and cannot edit the branding', async ({ signedInPage }) => {
    const { page, pageErrors } = await signedInPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Report branding' });
    await section.getByText('This is a Pro feature').waitFor();
    expect(await section.getByLabel('Company name').isDisabled()).toBe(true);
    expect(await section.getByLabel('Logo').isDisabled()).toBe(true);
    await section.getByTestId('branding-preview').getByText('Unbuilt', { exact: true }).waitFor();
    await scrollUnderHeader(page, section);
    await page.screenshot({ path: path.join(SHOTS, 'report-branding-free-390.png') });
    expect(pageErrors).toEqual([]);
  });
});
