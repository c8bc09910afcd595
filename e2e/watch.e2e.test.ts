import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { writeCorpusVersion } from '../src/server/test/corpus-versions.ts';
import {
  startServerProcess,
  stopServerProcess,
  waitForHealthy,
  type ServerProcess,
} from '../src/server/test/server-process.ts';
import { test, type SignedInPage } from './support/fixtures.ts';
import type { SignedInSession } from './support/session.ts';
import { auditLayout } from './support/layout-audit.ts';

// Watching a market (issue 33) in a real server with its engine pool: a founder watches an analysis
// on the older corpus, an admin loads the newer one from the console, and the founder's bell leads
// to "What changed" naming the company that entered and the status that changed. Screenshots at
// 1280 and 390 px with the layout audit.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');
const QUERY = 'software for law firms and accounting firms';

let server: ServerProcess;
let dataDir: string;
let datasetsDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-e2e-watch-'));
  datasetsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-e2e-watch-corpus-'));
  writeCorpusVersion(datasetsDir, 'previous');
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await startServerProcess({
    DATA_DIR: dataDir,
    CLIENT_DIST_DIR: inject('clientDir'),
    DATASETS_DIR: datasetsDir,
    SEMANTIC_SEARCH: 'false',
    ENGINE_WORKERS: '1',
    ENABLE_TEST_HOOKS: 'true',
    LOG_LEVEL: 'warn',
  });
  await waitForHealthy(server, 120_000);
}, 180_000);
afterAll(async () => {
  await stopServerProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(datasetsDir, { recursive: true, force: true });
});

/** A new user signed in on this spec's own server. */
function signedIn(
  signedInPage: SignedInPage,
  options: { plan?: 'pro'; role?: 'admin' },
  viewport = { width: 1280, height: 900 },
): Promise<SignedInSession> {
  return signedInPage(options, { baseURL: server.url, viewport });
}

async function search(page: Page, accessToken: string, query: string): Promise<number> {
  const res = await page.request.post('/api/search', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { query },
  });
  if (!res.ok()) throw new Error(`search failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: { search: { id: number } } }).data.search.id;
}

describe('watching a market', () => {
  test('follows the notification of a new corpus version to "What changed"', async ({ signedInPage }) => {
    const founder = await signedIn(signedInPage, { plan: 'pro' });
    const admin = await signedIn(signedInPage, { role: 'admin' });
    const id = await search(founder.page, founder.user.accessToken, QUERY);

    await founder.page.goto(`/search/${id}`);
    await founder.page.getByRole('button', { name: 'Watch this market' }).click();
    await founder.page.getByRole('button', { name: 'Watching this market', pressed: true }).waitFor();
    const section = founder.page.getByRole('region', { name: 'What changed' });
    await section.getByText(/watching from this analysis/).waitFor();

    writeCorpusVersion(datasetsDir, 'current');
    await admin.page.goto('/admin/settings');
    const corpus = admin.page.getByRole('region', { name: 'Data (corpus)' });
    await corpus.getByRole('button', { name: 'Load new data' }).click();
    await corpus.getByText(/now answering from .*1 watched market queued to re-run/).waitFor({ timeout: 60_000 });
    await admin.page.screenshot({ path: path.join(SHOTS, 'watch-admin-corpus-1280.png'), fullPage: true });

    // The bell polls every minute: a reload asks at once.
    const bell = founder.page.getByRole('button', { name: 'Notifications, 1 unread' });
    for (let i = 0; i < 60 && !(await bell.isVisible()); i++) {
      await founder.page.waitForTimeout(1000);
      await founder.page.goto('/');
    }
    await bell.click();
    const panel = founder.page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('link', { name: /changed on new data: .*1 company entered/ }).click();
    await founder.page.waitForURL(`**/search/${id}#what-changed`);
    await section.waitFor();
    expect(await section.getByText('Cranston AI (Fall 2025), Active').isVisible()).toBe(true);
    expect(await section.getByText('Atrium: Active → Inactive').isVisible()).toBe(true);
    expect(await section.getByRole('heading', { name: 'Scores that moved' }).isVisible()).toBe(true);
    expect(await section.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await section.screenshot({ path: path.join(SHOTS, 'watch-what-changed-1280.png') });
    expect(await auditLayout(founder.page, { checkTargets: true })).toEqual([]);

    const phone = await signedIn(signedInPage, { plan: 'pro' }, { width: 390, height: 844 });
    const phoneId = await search(phone.page, phone.user.accessToken, QUERY);
    await phone.page.goto(`/search/${phoneId}`);
    // On a phone the analysis's actions, the watch toggle among them, sit behind one toggle.
    await phone.page.getByRole('button', { name: 'Save, share and export' }).click();
    await phone.page.getByRole('button', { name: 'Watch this market' }).click();
    await phone.page.getByRole('region', { name: 'What changed' }).waitFor();
    await phone.page.screenshot({ path: path.join(SHOTS, 'watch-toggle-390.png'), fullPage: true });
    expect(await auditLayout(phone.page, { checkTargets: true })).toEqual([]);

    expect([...founder.pageErrors, ...admin.pageErrors, ...phone.pageErrors]).toEqual([]);
  }, 240_000);
});
