import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { test } from './support/fixtures.ts';
import type { SignedInSession } from './support/session.ts';

// Share by link (issue 17): the owner creates a link from the analysis page; a fresh, signed-out browser
// opens it and reads the analysis with nothing of the owner; a revoked link shows a clear page.
// Screenshots go to node_modules/.cache/unbuilt/screenshots for review.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

/** The owner's analysis of `query`, shared by a one-day link from its Share dialog: the link's URL. */
async function shareAnalysis(owner: SignedInSession, query: string): Promise<{ url: string; dialog: Locator }> {
  const field = owner.page.getByRole('searchbox', { name: 'Describe a market to explore' });
  await field.fill(query);
  await field.press('Enter');
  await owner.page.waitForURL(/\/search\/\d+$/);
  await owner.page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Share this analysis' });
  await dialog.getByRole('radio', { name: '1 day' }).check();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const linkField = dialog.getByRole('textbox', { name: /^Share link created/ });
  await linkField.waitFor();
  const url = await linkField.inputValue();
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);
  await dialog.getByText(/Active · expires .* · 0 views · not opened yet/).waitFor();
  return { url, dialog };
}

// Two journeys rather than one: each opens two or three browsers and runs a search, and together they
// took 92–98 s of the 120 s a test has with two files at a time on a loaded machine (docs/decisions/046-ci-time.md).
describe('share links', () => {
  test('a link opened in a fresh signed-out browser shows the analysis, at desktop and phone width', async ({
    openPage,
    signedInPage,
  }) => {
    const owner = await signedInPage({ name: 'Olivia Owner' });
    const query = 'legal research for lawyers <script>alert(1)</script>';
    const { url } = await shareAnalysis(owner, query);
    await owner.page.screenshot({ path: path.join(SHOTS, 'share-dialog-1280.png') });

    for (const [name, width, height] of [
      ['1280', 1280, 900],
      ['390', 390, 844],
    ] as const) {
      const visitor = await openPage({ viewport: { width, height } });
      const response = await visitor.page.goto(url);
      expect(response?.headers()['x-robots-tag']).toContain('noindex');
      expect(response?.headers()['referrer-policy']).toBe('no-referrer');
      expect(response?.headers()['cache-control']).toBe('no-store');
      await visitor.page.getByRole('heading', { level: 1, name: query }).waitFor();
      await visitor.page.getByText('Shared analysis · read-only').waitFor();
      await visitor.page.getByRole('article').first().waitFor();
      const html = await visitor.page.content();
      expect(html).not.toContain(owner.user.email);
      expect(html).not.toContain('Olivia');
      expect(html).not.toContain('<script>alert(1)</script>');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(await visitor.page.getByRole('button', { name: /^Account menu for/ }).count()).toBe(0);
      expect(await seriousAxeViolations(visitor.page)).toEqual([]);
      await visitor.page.screenshot({ path: path.join(SHOTS, `share-page-${name}.png`), fullPage: true });
      expect(visitor.pageErrors).toEqual([]);
    }
    expect(owner.pageErrors).toEqual([]);
  });

  test('the owner sees the link opened, revokes it, and the link then shows a clear page', async ({
    openPage,
    signedInPage,
  }) => {
    const owner = await signedInPage();
    const query = 'legal research for lawyers';
    const { url, dialog } = await shareAnalysis(owner, query);
    const visitor = await openPage({ viewport: { width: 1280, height: 900 } });
    await visitor.page.goto(url);
    await visitor.page.getByRole('heading', { level: 1, name: query }).waitFor();

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await owner.page.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByText(/· 1 view · last opened/).waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await dialog.getByText(/^Revoked ·/).waitFor();

    const late = await openPage({ viewport: { width: 390, height: 844 } });
    await late.page.goto(url);
    await late.page.getByRole('heading', { level: 1, name: 'This link is no longer available' }).waitFor();
    expect(await late.page.getByText(query).count()).toBe(0);
    await late.page.screenshot({ path: path.join(SHOTS, 'share-revoked-390.png') });
    expect(owner.pageErrors).toEqual([]);
    expect(late.pageErrors).toEqual([]);
  });
});
