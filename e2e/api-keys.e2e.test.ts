import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { auditLayout } from './support/layout-audit.ts';
import { signedInPage } from './support/session.ts';

// Enterprise API keys (issue 21): create a key on the account page, see it once, call /api/v1 with it
// like curl would, revoke it, and see the API refuse it. Screenshots for review.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser.close();
});

describe('API keys', () => {
  it('an Enterprise user creates a key, uses it against /api/v1, and revokes it', async () => {
    const { context, page, pageErrors } = await signedInPage(browser, { plan: 'enterprise', name: 'Erin Enterprise' });
    try {
      await page.goto('/account');
      const form = page.getByRole('form', { name: 'Create an API key' });
      await form.getByLabel('Key name').fill('Reporting script');
      await form.getByRole('checkbox', { name: /Run searches/ }).check();
      await form.getByRole('button', { name: 'Create key' }).click();
      const key = (await page.getByTestId('new-api-key').textContent()) ?? '';
      expect(key).toMatch(/^ub_live_[A-Za-z0-9_-]{43}$/);
      await page.screenshot({ path: path.join(SHOTS, 'api-keys-created-desktop.png'), fullPage: true });
      expect(await seriousAxeViolations(page)).toEqual([]);

      const search = await page.request.post('/api/v1/searches', {
        headers: { authorization: `Bearer ${key}` },
        data: { query: 'invoicing for plumbers' },
      });
      expect(search.status()).toBe(200);
      const list = await page.request.get('/api/v1/searches', { headers: { authorization: `Bearer ${key}` } });
      expect(((await list.json()) as { data: { items: unknown[] } }).data.items.length).toBe(1);

      await page.getByRole('button', { name: 'I have stored it' }).click();
      await expect(page.getByTestId('new-api-key').count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Revoke Reporting script' }).click();
      await page.getByText(/· revoked/).waitFor();
      const refused = await page.request.get('/api/v1/searches', { headers: { authorization: `Bearer ${key}` } });
      expect(refused.status()).toBe(401);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(SHOTS, 'api-keys-phone.png'), fullPage: true });
      expect(await auditLayout(page, { checkTargets: true })).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
