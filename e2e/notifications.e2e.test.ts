import fs from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { test } from './support/fixtures.ts';
import { auditLayout } from './support/layout-audit.ts';
import { afterResponse } from './support/requests.ts';
import { mailText, type SignedInUser } from './support/session.ts';

// Notifications (issue 18, ADR 027) across two people: A's team shares an analysis and A mentions B
// in a comment (set up through the API: this test is about the bell, not the comment form); B's
// bell then counts them, lists the mention as a link, and marks it read. Screenshots at 1280 and
// 390 px of the open panel, with the layout audit (overflow, contrast, 44 px targets).

const SHOTS = resolve('node_modules/.cache/unbuilt/screenshots');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

async function api<T>(
  page: Page,
  user: SignedInUser,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${user.accessToken}` },
    ...(data === undefined ? {} : { data }),
  });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** The first match of `pattern` in the latest e-mail to `to` (the outbox test hook), waiting for it. */
async function fromMail(page: Page, to: string, pattern: RegExp): Promise<string> {
  const found = pattern.exec(await mailText(page, to, pattern))?.[1];
  if (!found) throw new Error(`no e-mail for ${to} matching ${String(pattern)}`);
  return found;
}

async function teamOfTwo(a: { page: Page; user: SignedInUser }, b: { page: Page; user: SignedInUser }) {
  const team = await api<{ id: number }>(a.page, a.user, 'POST', '/api/teams', { name: 'Dental founders' });
  await api(a.page, a.user, 'POST', `/api/teams/${team.id}/invitations`, { email: b.user.email, role: 'member' });
  const token = await fromMail(a.page, b.user.email, /\/teams\/join#token=([A-Za-z0-9_-]+)/);
  await api(b.page, b.user, 'POST', '/api/team-invitations/accept', { token });
  return team.id;
}

async function openPanel(page: Page, name: RegExp | string) {
  const bell = page.getByRole('button', { name });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await panel.waitFor();
  return { bell, panel };
}

describe('notifications', () => {
  test("a mention in a comment lights up the other member's bell, which lists it and marks it read", async ({
    signedInPage,
  }) => {
    const a = await signedInPage({ plan: 'pro', name: 'Ada Owner' });
    const b = await signedInPage({ name: 'Ben Member' });
    // Team of two: A invites B, B accepts with the mailed token.
    const teamId = await teamOfTwo(a, b);
    // A's analysis, shared with the team, and a comment that mentions B by e-mail local part.
    const search = await api<{ search: { id: number } }>(a.page, a.user, 'POST', '/api/search', {
      query: 'scheduling software for dental clinics',
    });
    const searchId = search.search.id;
    await api(a.page, a.user, 'POST', `/api/searches/${searchId}/team-shares`, { teamId });
    const handle = b.user.email.split('@')[0] ?? '';
    await api(a.page, a.user, 'POST', `/api/searches/${searchId}/comments`, {
      content: `@${handle} could you check the competitor list before Friday?`,
    });

    // B: the count comes on reload (or focus, or the next poll).
    await b.page.reload();
    const { panel } = await openPanel(b.page, 'Notifications, 2 unread');
    const mention = panel.getByRole('link', { name: /Ada Owner mentioned you on/ });
    await mention.waitFor();
    expect(await mention.getAttribute('href')).toMatch(new RegExp(`^/shared/analyses/${searchId}#comment-\\d+$`));
    await panel.getByText('could you check the competitor list').waitFor();
    expect(await panel.getByRole('link', { name: /Ada Owner shared/ }).count()).toBe(1);
    expect(await seriousAxeViolations(b.page)).toEqual([]);
    await b.page.setViewportSize({ width: 1280, height: 900 });
    await b.page.screenshot({ path: join(SHOTS, 'notifications-panel-1280.png') });
    await b.page.setViewportSize({ width: 390, height: 844 });
    await b.page.screenshot({ path: join(SHOTS, 'notifications-panel-390.png') });
    expect(await auditLayout(b.page, { checkTargets: true })).toEqual([]);
    await b.page.setViewportSize({ width: 1280, height: 900 });
    // The light theme too (the toggle cycles dark → system → light; clicking it closes the panel).
    await b.page.getByRole('button', { name: /Switch to System theme/ }).click();
    await b.page.getByRole('button', { name: /Switch to Light theme/ }).click();
    await openPanel(b.page, 'Notifications, 2 unread');
    await b.page.screenshot({ path: join(SHOTS, 'notifications-panel-light-1280.png') });
    expect(await auditLayout(b.page, { checkTargets: false })).toEqual([]);

    await panel.getByRole('button', { name: /^Mark read: Ada Owner mentioned you/ }).click();
    await b.page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    await b.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    const bell = b.page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect.poll(() => bell.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);

    // A hears that B joined through the invitation; A's own comment notified A of nothing else.
    await a.page.reload();
    const own = await openPanel(a.page, 'Notifications, 1 unread');
    await own.panel
      .getByRole('link', { name: /Ben Member accepted your invitation and joined Dental founders/ })
      .waitFor();
  });

  test("the e-mail's unsubscribe link works in a signed-out browser, and Settings shows the change", async ({
    openPage,
    signedInPage,
  }) => {
    const a = await signedInPage({ plan: 'pro', name: 'Ada Owner' });
    const b = await signedInPage({ name: 'Ben Member' });
    const stranger = await openPage();
    await api(b.page, b.user, 'PATCH', '/api/account/preferences', {
      notificationPreferences: { frequency: 'immediate' },
    });
    await teamOfTwo(a, b);
    const search = await api<{ search: { id: number } }>(a.page, a.user, 'POST', '/api/search', {
      query: 'scheduling software for dental clinics',
    });
    const teams = await api<{ items: { id: number }[] }>(a.page, a.user, 'GET', '/api/teams');
    await api(a.page, a.user, 'POST', `/api/searches/${search.search.id}/team-shares`, {
      teamId: teams.items[0]?.id,
    });
    // The immediate job runs every minute; the test hook runs it now.
    await a.page.request.post('/api/__test/jobs', { data: { name: 'notifications.immediate-mail', payload: {} } });
    const path = await fromMail(a.page, b.user.email, /https?:\/\/[^/\s]+(\/unsubscribe#token=[\w.-]+)/);

    await stranger.page.goto(path);
    await stranger.page.getByRole('heading', { level: 1, name: 'Notification e-mails' }).waitFor();
    await stranger.page.getByRole('button', { name: 'Unsubscribe from notification e-mails' }).click();
    await stranger.page.getByRole('status').filter({ hasText: 'gets no more notification e-mails' }).waitFor();
    await stranger.page.setViewportSize({ width: 390, height: 844 });
    await stranger.page.screenshot({ path: join(SHOTS, 'unsubscribe-390.png') });
    expect(await auditLayout(stranger.page, { checkTargets: true })).toEqual([]);

    // The bell's "E-mail settings" opens the account page at its Notifications section.
    await b.page.setViewportSize({ width: 390, height: 844 });
    await b.page.goto('/account#notifications');
    const never = b.page.getByRole('radio', { name: /^Never/ });
    await never.waitFor();
    // Its box is measured against the 844 px viewport: without the #hash scroll it sits far below.
    await expect
      .poll(async () => {
        const box = await never.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 844;
      })
      .toBe(true);
    await b.page.setViewportSize({ width: 1280, height: 900 });
    expect(await never.isChecked()).toBe(true);
    expect(await b.page.getByRole('checkbox', { name: 'Someone mentions me in a comment' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(b.page)).toEqual([]);
    // Each control saves on change: the reload must read what was stored, not race the PATCH.
    const preferences = '/api/account/preferences';
    await afterResponse(b.page, 'PATCH', preferences, () =>
      b.page.getByRole('radio', { name: /^Weekly summary/ }).check(),
    );
    await afterResponse(b.page, 'PATCH', preferences, () =>
      b.page.getByRole('checkbox', { name: 'Something is shared with me' }).uncheck(),
    );
    await b.page.reload();
    await b.page.getByRole('radio', { name: /^Weekly summary/ }).waitFor();
    expect(await b.page.getByRole('radio', { name: /^Weekly summary/ }).isChecked()).toBe(true);
    expect(await b.page.getByRole('checkbox', { name: 'Something is shared with me' }).isChecked()).toBe(false);
    await b.page.getByRole('region', { name: 'Notifications', exact: true }).screenshot({
      path: join(SHOTS, 'notification-settings-1280.png'),
    });
  });
});
