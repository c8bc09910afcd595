import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { test } from './support/fixtures.ts';
import { auditLayout } from './support/layout-audit.ts';
import { invitationLink } from './support/invitation.ts';

// Collaboration (issue 18), two people in two browser contexts: A (Pro) creates a team and invites B;
// B joins from the e-mailed link; A shares an analysis with the team (comments allowed); B finds it
// under "Shared with me" and comments; A sees the comment and the activity entry; A revokes and B's
// next visit says it is no longer shared. Screenshots at 1280 and 390 px of the dialog and the panel.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

/** Screenshots of `target` (or the page) at 1280 and 390 px, with the layout audit at both widths. */
async function shoot(page: Page, name: string, target?: Locator): Promise<void> {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    const file = path.join(SHOTS, `${name}-${width}.png`);
    if (target) await target.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
    expect(await auditLayout(page, { checkTargets: true }), `${name} at ${width}`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('collaboration', () => {
  test('A shares an analysis with the team, B comments, A sees it and the activity, A revokes, B loses access', async ({
    signedInPage,
  }) => {
    const a = await signedInPage({ plan: 'pro', name: 'Ada Owner' });
    const b = await signedInPage({ name: 'Ben Teammate' });
    const query = 'dental clinic scheduling';
    // A creates the team and invites B; B joins from the e-mailed link.
    await a.page.goto('/teams');
    const create = a.page.getByRole('form', { name: 'Create a team' });
    await create.getByLabel('Team name').fill('Dental founders');
    await create.getByRole('button', { name: 'Create team' }).click();
    await a.page.getByRole('link', { name: 'Dental founders' }).click();
    const invite = a.page.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('E-mail address').fill(b.user.email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await a.page.getByRole('list', { name: 'Pending invitations' }).getByText(b.user.email).waitFor();
    const teamUrl = a.page.url();
    await b.page.goto(await invitationLink(a.page, b.user.email));
    await b.page.getByRole('button', { name: 'Accept and join' }).click();
    await b.page.getByRole('heading', { level: 1, name: 'Dental founders' }).waitFor();

    // A runs a search and shares it with the team (comments allowed by default).
    await a.page.goto('/');
    const field = a.page.getByRole('searchbox', { name: 'Describe a market to explore' });
    await field.fill(query);
    await field.press('Enter');
    await a.page.waitForURL(/\/search\/\d+$/);
    const searchId = Number(/\/search\/(\d+)$/.exec(a.page.url())?.[1]);
    await a.page.getByRole('button', { name: 'Share with team' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Share with your team' });
    const target = dialog.getByRole('combobox', { name: 'Share with' });
    await target.locator('option', { hasText: 'Ben Teammate' }).waitFor({ state: 'attached' });
    await target.selectOption({ label: 'Everyone in Dental founders' });
    expect(await dialog.getByRole('checkbox', { name: 'Comment' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Share it further' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: 'Shared with the team Dental founders.' }).waitFor();
    await dialog.getByText('Team Dental founders', { exact: true }).waitFor();
    await dialog.getByText(/read, comment · no expiry/).waitFor();
    expect(await seriousAxeViolations(a.page)).toEqual([]);
    await shoot(a.page, 'collab-share-dialog', dialog);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // B finds it under "Shared with me" (account menu) and comments; markup stays text.
    await b.page.getByRole('button', { name: /^Account menu for/ }).click();
    await b.page.getByRole('menuitem', { name: 'Shared with me' }).click();
    await b.page.getByRole('heading', { level: 1, name: 'Shared with me' }).waitFor();
    const item = b.page.getByRole('list', { name: 'Shared with me' }).getByRole('listitem');
    await item.getByText('Shared by Ada Owner with the team Dental founders').waitFor();
    await item.getByText(/You may read, comment · no expiry/).waitFor();
    await shoot(b.page, 'collab-shared-with-me');
    await item.getByRole('link', { name: query }).click();
    await b.page.getByRole('heading', { level: 1, name: query }).waitFor();
    const panel = b.page.getByRole('region', { name: /^Comments/ });
    await panel.getByText('No comments yet.', { exact: false }).waitFor();
    const comment = 'Big enough? <b>not bold</b> see https://www.bls.gov/ooh/';
    await panel.getByRole('textbox', { name: 'Add a comment' }).fill(comment);
    await panel.getByRole('button', { name: 'Comment', exact: true }).click();
    const posted = panel.getByRole('article', { name: 'Comment by Ben Teammate' });
    await posted.getByText('<b>not bold</b>', { exact: false }).waitFor();
    expect(await posted.locator('b').count()).toBe(0);
    expect(await posted.getByRole('link', { name: 'https://www.bls.gov/ooh/' }).getAttribute('rel')).toContain(
      'noopener',
    );
    await posted.getByRole('button', { name: /React thumbs up/ }).click();
    await posted.getByRole('button', { name: 'React thumbs up (1)' }).waitFor();
    expect(await seriousAxeViolations(b.page)).toEqual([]);
    await shoot(b.page, 'collab-comments', panel);

    // A sees the comment on the analysis and the entry in the team's activity feed.
    await a.page.reload();
    const ownPanel = a.page.getByRole('region', { name: /^Comments/ });
    await ownPanel.getByRole('article', { name: 'Comment by Ben Teammate' }).getByText('Big enough?').waitFor();
    await a.page.goto(teamUrl);
    await a.page
      .getByRole('list', { name: 'Team activity' })
      .getByText(`commented on “${query}”`, { exact: false })
      .waitFor();
    await shoot(a.page, 'collab-team-activity');

    // A revokes; B's next visit says so, and the API answers 404.
    await a.page.goto(`/search/${searchId}`);
    await a.page.getByRole('button', { name: 'Share with team' }).click();
    await dialog.getByRole('button', { name: 'Revoke access for Team Dental founders' }).click();
    await dialog.getByText('Not shared with anyone yet.').waitFor();
    await b.page.reload();
    await b.page.getByRole('heading', { level: 1, name: 'This analysis is not shared with you' }).waitFor();
    const api = await b.page.request.get(`/api/searches/${searchId}/comments`, {
      headers: { authorization: `Bearer ${b.user.accessToken}` },
    });
    expect(api.status()).toBe(404);
    await shoot(b.page, 'collab-revoked');
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });

  test('a free user sees the collaboration prompt in the share dialog', async ({ signedInPage }) => {
    const { page } = await signedInPage({ name: 'Fred Free' });
    const field = page.getByRole('searchbox', { name: 'Describe a market to explore' });
    await field.fill('veterinary billing');
    await field.press('Enter');
    await page.waitForURL(/\/search\/\d+$/);
    await page.getByRole('button', { name: 'Share with team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share with your team' });
    await dialog.getByText('Collaboration requires Pro').waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Share with' }).count()).toBe(0);
    await shoot(page, 'collab-share-free', dialog);
  });

  test('an idea shared with one teammate to read: B sees it read-only and comments; A sees the comment', async ({
    signedInPage,
  }) => {
    const a = await signedInPage({ plan: 'pro', name: 'Ida Owner' });
    const b = await signedInPage({ name: 'Bo Reader' });
    const as = (user: { accessToken: string }) => ({ authorization: `Bearer ${user.accessToken}` });
    // Setup through the API (the team journey above covers the screens): a team with B in it, an idea.
    const team = await a.page.request.post('/api/teams', { headers: as(a.user), data: { name: 'Idea crew' } });
    const teamId = ((await team.json()) as { data: { id: number } }).data.id;
    await a.page.request.post(`/api/teams/${teamId}/invitations`, {
      headers: as(a.user),
      data: { email: b.user.email },
    });
    const token = new URL(await invitationLink(a.page, b.user.email)).hash.replace('#token=', '');
    const accepted = await b.page.request.post('/api/team-invitations/accept', {
      headers: as(b.user),
      data: { token },
    });
    expect(accepted.ok()).toBe(true);
    const idea = await a.page.request.post('/api/ideas', {
      headers: as(a.user),
      data: {
        title: 'Chairside booking for dental clinics',
        description: 'Patients book their next visit from the chair before they leave.',
        targetMarket: 'Small dental clinics',
        businessModel: 'Monthly subscription',
        category: 'healthcare',
      },
    });
    const ideaId = ((await idea.json()) as { data: { id: number } }).data.id;

    await a.page.goto(`/validate-idea?idea=${ideaId}`);
    await a.page.getByRole('heading', { level: 1, name: 'Chairside booking for dental clinics' }).waitFor();
    await a.page.getByRole('button', { name: 'Share with team' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Share with your team' });
    const target = dialog.getByRole('combobox', { name: 'Share with' });
    await target.locator('option', { hasText: 'Bo Reader' }).waitFor({ state: 'attached' });
    await target.selectOption({ label: `Bo Reader (${b.user.email})` });
    expect(await dialog.getByRole('checkbox', { name: 'Edit the idea' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await dialog.getByText('Bo Reader', { exact: true }).waitFor();
    await shoot(a.page, 'collab-idea-share-dialog', dialog);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // The owner's address for the idea sends a teammate to the shared view.
    await b.page.goto(`/validate-idea?idea=${ideaId}`);
    await b.page.waitForURL(new RegExp(`/shared/ideas/${ideaId}$`));
    await b.page.goto('/shared');
    await b.page.getByRole('link', { name: 'Chairside booking for dental clinics' }).click();
    await b.page.getByRole('heading', { level: 1, name: 'Chairside booking for dental clinics' }).waitFor();
    await b.page.getByText('Shared with you to read').waitFor();
    expect(await b.page.getByRole('button', { name: 'Archive' }).count()).toBe(0);
    // A reader sees what the owner entered, not empty forms with disabled save buttons.
    await b.page.getByText('No projections entered yet.').waitFor();
    expect(await b.page.getByRole('button', { name: /^Save / }).count()).toBe(0);
    const panel = b.page.getByRole('region', { name: /^Comments/ });
    await panel.getByRole('textbox', { name: 'Add a comment' }).fill('Who pays: the clinic or the patient?');
    await panel.getByRole('button', { name: 'Comment', exact: true }).click();
    await panel.getByText('Who pays: the clinic or the patient?').waitFor();
    expect(await seriousAxeViolations(b.page)).toEqual([]);
    await shoot(b.page, 'collab-idea-shared');

    await a.page.reload();
    await a.page
      .getByRole('region', { name: /^Comments/ })
      .getByText('Who pays: the clinic or the patient?')
      .waitFor();
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });
});
