import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { test } from './support/fixtures.ts';
import { auditLayout } from './support/layout-audit.ts';

// Enterprise API keys (issue 21): create a key on the account page, see it once, call /api/v1 with it
// like curl would, revoke it, and see the API refuse it. Screenshots for review.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

describe('API keys', () => {
  test('an Enterprise user creates a key, uses it against /api/v1, and revokes it', async ({ signedInPage }) => {
    const { page, pageErrors } = await signedInPage({ plan: 'enterprise', name: 'Erin Enterprise' });
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
    await page.getByTestId('new-api-key').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Revoke Reporting script' }).click();
    await page.getByText(/· revoked/).waitFor();
    const refused = await page.request.get('/api/v1/searches', { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status()).toBe(401);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, 'api-keys-phone.png'), fullPage: true });
    expect(await auditLayout(page, { checkTargets: true })).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
