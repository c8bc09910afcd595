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
import { scaled, SERVER_START_TIMEOUT_MS } from './support/timeouts.ts';
import type { SignedInSession } from './support/session.ts';
import { invitationLink } from './support/invitation.ts';
import { auditLayout } from './support/layout-audit.ts';

// Watching a market (issue 33) in a real server with its engine pool: a founder watches an analysis
// on the older corpus, an admin loads the newer one from the console, and the founder's bell leads
// to "What changed" naming the company that entered and the status that changed. Screenshots at
// 1280 and 390 px with the layout audit. The public share link and a teammate's shared view show the
// same latest re-run.

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
  // As long as global set-up gives its own servers (a loaded machine took over 120 s to start one).
  await waitForHealthy(server, SERVER_START_TIMEOUT_MS);
}, SERVER_START_TIMEOUT_MS + 60_000);
afterAll(async () => {
  await stopServerProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(datasetsDir, { recursive: true, force: true });
});

/** A new user signed in on this spec's own server. */
function signedIn(
  signedInPage: SignedInPage,
  options: { plan?: 'pro'; role?: 'admin'; email?: string },
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

/** A share view's "What changed": the latest re-run's entrant and status change, at 1280 and 390 px. */
async function expectLatestChange(page: Page, shot: string): Promise<void> {
  const region = page.getByRole('region', { name: 'What changed' });
  await region.getByText('Cranston AI (Fall 2025), Active').waitFor();
  await region.getByText('Atrium: Active → Inactive').waitFor();
  expect(await region.getByText('Nothing changed in this market on the new data.').count()).toBe(0);
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await region.screenshot({ path: path.join(SHOTS, `${shot}-${width}.png`) });
    expect(await auditLayout(page, { checkTargets: true }), `${shot} at ${width}`).toEqual([]);
  }
}

describe('watching a market', { timeout: scaled(240_000) }, () => {
  test('follows the notification of a new corpus version to "What changed"', async ({ openPage, signedInPage }) => {
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
    await corpus
      .getByText(/now answering from .*1 watched market queued to re-run/)
      .waitFor({ timeout: scaled(60_000) });
    await admin.page.screenshot({ path: path.join(SHOTS, 'watch-admin-corpus-1280.png'), fullPage: true });

    // The re-run runs in the background: ask the API until its notification is there (the bell itself
    // polls only every minute), then a fresh page shows the count. Checking the bell straight after each
    // load read it before the count had arrived, so the loop ran to its end.
    await expect
      .poll(
        async () => {
          const res = await founder.page.request.get('/api/notifications/unread-count', {
            headers: { authorization: `Bearer ${founder.user.accessToken}` },
          });
          return res.ok() ? ((await res.json()) as { data: { unread: number } }).data.unread : null;
        },
        { timeout: scaled(120_000), interval: 1000 },
      )
      .toBe(1);
    await founder.page.goto('/');
    const bell = founder.page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.click();
    const panel = founder.page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('link', { name: /changed on new data: .*1 company entered/ }).click();
    await founder.page.waitForURL(`**/search/${id}#what-changed`);
    await section.getByText('Cranston AI (Fall 2025), Active').waitFor();
    await section.getByText('Atrium: Active → Inactive').waitFor();
    await section.getByRole('heading', { name: 'Scores that moved' }).waitFor();
    await expect.poll(() => section.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await section.screenshot({ path: path.join(SHOTS, 'watch-what-changed-1280.png') });
    expect(await auditLayout(founder.page, { checkTargets: true })).toEqual([]);

    // The same latest re-run in the share views: a public link opened signed out, and a teammate's view.
    const as = { authorization: `Bearer ${founder.user.accessToken}` };
    const link = await founder.page.request.post(`/api/searches/${id}/share-links`, {
      headers: as,
      data: { expiresIn: 'never' },
    });
    const { token } = ((await link.json()) as { data: { token: string } }).data;
    const { page: visitorPage } = await openPage({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    await visitorPage.goto(`/share/${token}`);
    await expectLatestChange(visitorPage, 'watch-share-what-changed');

    const teammateEmail = 'watch-teammate@example.test';
    const teammate = await signedIn(signedInPage, { email: teammateEmail });
    const team = await founder.page.request.post('/api/teams', { headers: as, data: { name: 'Watchers' } });
    const teamId = ((await team.json()) as { data: { id: number } }).data.id;
    await founder.page.request.post(`/api/teams/${teamId}/invitations`, {
      headers: as,
      data: { email: teammateEmail },
    });
    const invite = new URL(await invitationLink(founder.page, teammateEmail)).hash.replace('#token=', '');
    const accepted = await teammate.page.request.post('/api/team-invitations/accept', {
      headers: { authorization: `Bearer ${teammate.user.accessToken}` },
      data: { token: invite },
    });
    expect(accepted.ok()).toBe(true);
    const shared = await founder.page.request.post(`/api/searches/${id}/team-shares`, {
      headers: as,
      data: { teamId },
    });
    expect(shared.ok()).toBe(true);
    await teammate.page.goto(`/shared/analyses/${id}`);
    await expectLatestChange(teammate.page, 'watch-team-share-what-changed');

    const phone = await signedIn(signedInPage, { plan: 'pro' }, { width: 390, height: 844 });
    const phoneId = await search(phone.page, phone.user.accessToken, QUERY);
    await phone.page.goto(`/search/${phoneId}`);
    // On a phone the analysis's actions, the watch toggle among them, sit behind one toggle.
    await phone.page.getByRole('button', { name: 'Save, share and export' }).click();
    await phone.page.getByRole('button', { name: 'Watch this market' }).click();
    await phone.page.getByRole('region', { name: 'What changed' }).waitFor();
    await phone.page.screenshot({ path: path.join(SHOTS, 'watch-toggle-390.png'), fullPage: true });
    expect(await auditLayout(phone.page, { checkTargets: true })).toEqual([]);

    expect([...founder.pageErrors, ...admin.pageErrors, ...phone.pageErrors, ...teammate.pageErrors]).toEqual([]);
  });
});
