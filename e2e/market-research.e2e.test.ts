import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import {
  startServerProcess,
  stopServerProcess,
  waitForHealthy,
  type ServerProcess,
} from '../src/server/test/server-process.ts';
import { test, type SignedInPage } from './support/fixtures.ts';
import { scaled, SERVER_START_TIMEOUT_MS } from './support/timeouts.ts';
import { provideVectors } from './support/vectors.ts';
import type { SignedInSession } from './support/session.ts';

// Issue 16: a market research report for "dental practices" shows the occupations and the software
// O*NET lists for them. The seed corpus has no dentists, so this spec starts its own server on the
// engine's fixture datasets (real O*NET, BLS and YC rows for a few markets, dentists among them).

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');
const FIXTURES = fileURLToPath(new URL('../src/server/engine/test/fixtures/datasets', import.meta.url));

let server: ServerProcess;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-e2e-research-'));
  // The fixture corpus's sentence vectors from the test cache (computed there once, as the seed
  // corpus's are), so the server loads them on start instead of loading the model to compute them.
  await provideVectors(FIXTURES, 'fixture-engine-data', [dataDir]);
  server = await startServerProcess({
    DATA_DIR: dataDir,
    CLIENT_DIST_DIR: inject('clientDir'),
    DATASETS_DIR: FIXTURES,
    // By meaning, as the product runs: the customer industry of a query is found through its occupations.
    SEMANTIC_SEARCH: 'true',
    ENABLE_TEST_HOOKS: 'true',
    LOG_LEVEL: 'warn',
  });
  // As long as global set-up gives its own servers (a loaded machine took over 120 s to start one).
  await waitForHealthy(server, SERVER_START_TIMEOUT_MS);
}, SERVER_START_TIMEOUT_MS + 60_000);
afterAll(async () => {
  await stopServerProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A new user signed in on this spec's own server. */
function signedIn(signedInPage: SignedInPage, viewport: { width: number; height: number }): Promise<SignedInSession> {
  return signedInPage({}, { baseURL: server.url, viewport });
}

// Reports run the engine by meaning on a second server: time limits grow with the files sharing the cores.
describe('market research', { timeout: scaled(240_000) }, () => {
  test('reports on dental practices with occupations and O*NET software, says it uses a search, lists it', async ({
    signedInPage,
  }) => {
    const { page, pageErrors } = await signedIn(signedInPage, { width: 1280, height: 900 });
    await page.goto('/market-research');
    await page.getByText(/A report counts like a search: one report uses one search/).waitFor();
    await page.getByLabel('Market', { exact: true }).fill('dental practices');
    await page.getByRole('button', { name: 'Run the report' }).click();
    await page.getByRole('heading', { name: 'Market research: dental practices' }).waitFor({ timeout: scaled(60_000) });
    const occupations = page.getByRole('region', { name: 'Occupations: customers and workers' });
    await occupations.getByRole('heading', { name: /Dentists, General/ }).waitFor();
    await occupations.getByText('Employment 2023').waitFor();
    const software = page.getByRole('list', { name: 'Software used by Dentists, General' });
    await software.getByText('ACE Dental').waitFor();
    await page.getByText('Offices of Dentists', { exact: false }).first().waitFor();
    await page.getByRole('region', { name: 'Caveats' }).waitFor();
    // Saved and re-openable from the list.
    const saved = page.getByRole('region', { name: 'Your reports' }).getByRole('link', { name: 'dental practices' });
    await saved.waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'market-research-1280.png'), fullPage: true });
    await page.goto('/market-research');
    await page.getByRole('region', { name: 'Your reports' }).getByRole('link', { name: 'dental practices' }).click();
    await page.getByRole('heading', { name: 'Market research: dental practices' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  test('goes from an analysis to a pre-filled report that states the quota first and links back', async ({
    signedInPage,
  }) => {
    const { page, pageErrors, user } = await signedIn(signedInPage, { width: 1280, height: 900 });
    const query = 'scheduling for dental practices';
    const res = await page.request.post('/api/search', {
      headers: { authorization: `Bearer ${user.accessToken}` },
      data: { query },
    });
    if (!res.ok()) throw new Error(`search failed: ${res.status()} ${await res.text()}`);
    const searchId = ((await res.json()) as { data: { search: { id: number } } }).data.search.id;
    await page.goto(`/search/${searchId}`);
    await page.getByRole('heading', { level: 1, name: query }).waitFor();
    await page.getByRole('link', { name: 'Research this market' }).click();
    await page.waitForURL(/\/market-research\?/);
    // The page loads lazily and fills the field from the address: wait for the value, not the first read.
    await expect.poll(() => page.getByLabel('Market', { exact: true }).inputValue()).toBe(query);
    await page.getByText(/A report counts like a search: one report uses one search/).waitFor();
    expect(await page.getByRole('link', { name: 'your analysis' }).getAttribute('href')).toBe(`/search/${searchId}`);
    await page.screenshot({ path: path.join(SHOTS, 'market-research-from-analysis-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Run the report' }).click();
    await page.getByRole('heading', { name: `Market research: ${query}` }).waitFor({ timeout: scaled(60_000) });
    const back = page.getByRole('article').getByRole('link', { name: query });
    await back.waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'market-research-report-from-analysis-1280.png') });
    await back.click();
    await page.waitForURL(`**/search/${searchId}`);
    await page.getByRole('heading', { level: 1, name: query }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the analysis's actions sit behind one toggle, the research link among them.
    await page.getByRole('button', { name: 'Save, share and export' }).click();
    await page.getByRole('link', { name: 'Research this market' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'analysis-research-link-390.png') });
    expect(pageErrors).toEqual([]);
  });

  test('names who the customers are, each figure cited, at desktop and phone width', async ({ signedInPage }) => {
    // The customer industry is found by meaning: wait until the engine's sentence vectors are ready.
    await expect
      .poll(async () => JSON.stringify(await (await fetch(`${server.url}/api/health`)).json()), {
        timeout: scaled(120_000),
      })
      .toContain('"semantic":true');
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { page, pageErrors } = await signedIn(signedInPage, viewport);
      await page.goto('/market-research');
      await page.getByLabel('Market', { exact: true }).fill('insurance verification for dental clinics');
      await page.getByRole('button', { name: 'Run the report' }).click();
      const customers = page.getByRole('region', { name: 'Customers', exact: true });
      await customers.waitFor({ timeout: scaled(60_000) });
      const figures = customers.getByRole('definition');
      await figures.filter({ hasText: 'Offices of dentists (NAICS 6212)' }).waitFor();
      await figures.filter({ hasText: '135,333 establishments' }).waitFor();
      await figures
        .getByRole('listitem')
        .filter({ hasText: /Dental assistants: [\d.]+ %/ })
        .waitFor();
      // A citation leads to its source note.
      const cite = customers.getByRole('link', { name: 'source 2' });
      expect((await cite.boundingBox())?.height).toBeGreaterThanOrEqual(24);
      await cite.click();
      await customers.getByText(/135,333 establishments in the U.S. in 2021/).waitFor();
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      await customers.scrollIntoViewIfNeeded();
      await customers.screenshot({ path: path.join(SHOTS, `market-research-customers-${viewport.width}.png`) });
      // A consumer market names no industry and gives no size.
      await page.goto('/market-research');
      await page.getByLabel('Market', { exact: true }).fill('daily meal delivery');
      await page.getByRole('button', { name: 'Run the report' }).click();
      await page
        .getByRole('region', { name: 'Customers', exact: true })
        .getByText(/^The analysis names no single customer industry: /)
        .waitFor({ timeout: scaled(60_000) });
      expect(pageErrors).toEqual([]);
    }
  });

  test('a market with no data gets an honest empty state; the page fits a phone', async ({ signedInPage }) => {
    const { page } = await signedIn(signedInPage, { width: 390, height: 844 });
    await page.goto('/market-research');
    await page.getByLabel('Market', { exact: true }).fill('zxqv blorf');
    await page.getByRole('button', { name: 'Run the report' }).click();
    await page.getByText('The data has nothing on this market', { exact: false }).waitFor({ timeout: scaled(60_000) });
    await page.getByText('This report used no search.', { exact: false }).waitFor();
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'market-research-390.png'), fullPage: true });
  });
});
