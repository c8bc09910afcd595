import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { test } from './support/fixtures.ts';
import { auditLayout } from './support/layout-audit.ts';
import { invitationLink } from './support/invitation.ts';

// Teams (issue 18), two people in two browser contexts: A creates a team and invites B; B opens the
// link from the e-mail (the outbox test hook) and joins; A sees B among the members. A free user
// meets the 'Collaboration requires Pro' prompt. Screenshots at 1280 and 390 px for review.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

/** Screenshots at 1280 and 390 px, with the layout audit at 390 (overflow, contrast, 44 px targets). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
  expect(await auditLayout(page, { checkTargets: true }), name).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('teams', () => {
  test('A creates a team and invites B by e-mail; B accepts from the link and appears among the members', async ({
    signedInPage,
  }) => {
    const a = await signedInPage({ plan: 'pro', name: 'Ada Owner' });
    const b = await signedInPage({ name: 'Ben Invitee' });
    await a.page.getByRole('button', { name: /^Account menu for/ }).click();
    await a.page.getByRole('menuitem', { name: 'Teams' }).click();
    await a.page.getByRole('heading', { level: 1, name: 'Teams' }).waitFor();
    const create = a.page.getByRole('form', { name: 'Create a team' });
    await create.getByLabel('Team name').fill('Dental founders');
    await create.getByRole('button', { name: 'Create team' }).click();
    await a.page.getByRole('link', { name: 'Dental founders' }).click();
    await a.page.getByRole('heading', { level: 1, name: 'Dental founders' }).waitFor();

    const invite = a.page.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('E-mail address').fill(b.user.email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await a.page
      .getByRole('status')
      .filter({ hasText: `Invitation sent to ${b.user.email}` })
      .waitFor();
    await a.page.getByRole('list', { name: 'Pending invitations' }).getByText(b.user.email).waitFor();
    expect(await seriousAxeViolations(a.page)).toEqual([]);
    await shoot(a.page, 'team-owner');

    const link = await invitationLink(a.page, b.user.email);
    await b.page.goto(link);
    await b.page.getByRole('heading', { level: 1, name: 'Join Dental founders' }).waitFor();
    await b.page.getByText(/Ada Owner invited/).waitFor();
    await shoot(b.page, 'team-invitation');
    await b.page.getByRole('button', { name: 'Accept and join' }).click();
    await b.page.getByRole('heading', { level: 1, name: 'Dental founders' }).waitFor();
    await b.page.getByText('Ben Invitee (you)').waitFor();
    // A member sees no invite form and no management buttons.
    expect(await b.page.getByRole('form', { name: 'Invite someone' }).count()).toBe(0);
    await shoot(b.page, 'team-member');

    // The link works once.
    await b.page.goto(link);
    await b.page.getByRole('alert').filter({ hasText: 'already been used' }).waitFor();

    await a.page.reload();
    await a.page.getByText('Ben Invitee', { exact: true }).waitFor();
    expect(await a.page.getByRole('list', { name: 'Pending invitations' }).count()).toBe(0);
    await a.page.getByRole('list', { name: 'Team activity' }).getByText('joined the team').waitFor();
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });

  test('a free user who tries to create a team sees the collaboration prompt', async ({ signedInPage }) => {
    const { page } = await signedInPage({ name: 'Fred Free' });
    await page.goto('/teams');
    const create = page.getByRole('form', { name: 'Create a team' });
    await create.getByLabel('Team name').fill('Solo');
    await create.getByRole('button', { name: 'Create team' }).click();
    await page.getByText('Collaboration requires Pro').waitFor();
    await shoot(page, 'teams-free');
  });
});
