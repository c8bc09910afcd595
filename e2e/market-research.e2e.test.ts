import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  startServerProcess,
  stopServerProcess,
  waitForHealthy,
  type ServerProcess,
} from '../src/server/test/server-process.ts';
import { launchBrowser } from './support/browser.ts';

// Issue 16: a market research report for "dental practices" shows the occupations and the software
// O*NET lists for them. The seed corpus has no dentists, so this spec starts its own server on the
// engine's fixture datasets (real O*NET, BLS and YC rows for a few markets, dentists among them).

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');
const FIXTURES = fileURLToPath(new URL('../src/server/engine/test/fixtures/datasets', import.meta.url));

let browser: Browser;
let server: ServerProcess;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-e2e-research-'));
  server = await startServerProcess({
    DATA_DIR: dataDir,
    CLIENT_DIST_DIR: inject('clientDir'),
    DATASETS_DIR: FIXTURES,
    ENABLE_TEST_HOOKS: 'true',
    LOG_LEVEL: 'warn',
  });
  await waitForHealthy(server, 120_000);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser.close();
  await stopServerProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: server.url, viewport });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const res = await page.request.post('/api/__test/session', { data: {} });
  if (!res.ok()) throw new Error(`the session fixture failed: ${res.status()} ${await res.text()}`);
  await page.goto('/');
  await page.getByRole('button', { name: /^Account menu for/ }).waitFor();
  return { context, page, pageErrors };
}

describe('market research', () => {
  it('reports on dental practices with occupations and O*NET software, says it uses a search, lists it', async () => {
    const { context, page, pageErrors } = await signedIn({ width: 1280, height: 900 });
    await page.goto('/market-research');
    await page.getByText(/A report counts like a search: one report uses one search/).waitFor();
    await page.getByLabel('Market', { exact: true }).fill('dental practices');
    await page.getByRole('button', { name: 'Run the report' }).click();
    await page.getByRole('heading', { name: 'Market research: dental practices' }).waitFor({ timeout: 60_000 });
    const occupations = page.getByRole('region', { name: 'Occupations: customers and workers' });
    expect(await occupations.getByRole('heading', { name: /Dentists, General/ }).isVisible()).toBe(true);
    expect(await occupations.getByText('Employment 2023').isVisible()).toBe(true);
    const software = page.getByRole('list', { name: 'Software used by Dentists, General' });
    expect(await software.getByText('ACE Dental').isVisible()).toBe(true);
    expect(await page.getByText('Offices of Dentists', { exact: false }).first().isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Caveats' }).isVisible()).toBe(true);
    // Saved and re-openable from the list.
    const saved = page.getByRole('region', { name: 'Your reports' }).getByRole('link', { name: 'dental practices' });
    await saved.waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'market-research-1280.png'), fullPage: true });
    await page.goto('/market-research');
    await page.getByRole('region', { name: 'Your reports' }).getByRole('link', { name: 'dental practices' }).click();
    await page.getByRole('heading', { name: 'Market research: dental practices' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a market with no data gets an honest empty state; the page fits a phone', async () => {
    const { context, page } = await signedIn({ width: 390, height: 844 });
    await page.goto('/market-research');
    await page.getByLabel('Market', { exact: true }).fill('zxqv blorf');
    await page.getByRole('button', { name: 'Run the report' }).click();
    await page.getByText('The data has nothing on this market', { exact: false }).waitFor({ timeout: 60_000 });
    expect(await page.getByText('This report used no search.', { exact: false }).isVisible()).toBe(true);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'market-research-390.png'), fullPage: true });
    await context.close();
  });
});
