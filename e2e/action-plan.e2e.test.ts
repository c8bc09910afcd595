import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { test } from './support/fixtures.ts';

// From an analysis to a worked plan: Create action plan → four phases → complete a task → progress
// moves → add a dependency → the dependent task shows as blocked → a reload keeps it all. At phone
// and desktop width; screenshots go to node_modules/.cache/unbuilt/screenshots for review.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

/** A draft idea typed on Validate (no search behind it); its id. */
async function draftIdea(page: Page, accessToken: string): Promise<number> {
  const created = await page.request.post('/api/ideas', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      title: 'Bookkeeping service for restaurants',
      description: 'Monthly bookkeeping and payroll for independent restaurants, done by a small team.',
      targetMarket: 'Independent restaurants',
      businessModel: 'Monthly subscription per restaurant',
      category: 'saas',
    },
  });
  return ((await created.json()) as { data: { id: number } }).data.id;
}

describe('action plan', () => {
  test.for([
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const)(
    'is created from an analysis and worked, and survives a reload (%s)',
    async ([name, width, height], { signedInPage }) => {
      const { page, user, pageErrors } = await signedInPage({ plan: 'pro' });
      await page.setViewportSize({ width, height });
      const field = page.getByRole('searchbox', { name: 'Describe a market to explore' });
      await field.fill('bookkeeping for restaurants');
      await field.press('Enter');
      await page.waitForURL(/\/search\/\d+$/);
      const searchId = Number(/\/search\/(\d+)$/.exec(page.url())?.[1]);
      const detail = await page.request.get(`/api/searches/${searchId}`, {
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      const resultId = ((await detail.json()) as { data: { results: { id: number }[] } }).data.results[0]?.id;
      await page.goto(`/search-result/${resultId}`);

      await page.getByRole('button', { name: 'Create action plan' }).click();
      await page.waitForURL(/\/action-plan\?plan=\d+$/);
      for (const phase of ['Research', 'Validation', 'Development', 'Launch']) {
        await page.getByRole('heading', { name: phase, exact: true, level: 3 }).waitFor();
      }
      await page.getByText('0% complete —').waitFor();
      await page.screenshot({ path: path.join(SHOTS, `action-plan-new-${name}.png`), fullPage: false });

      const research = page.getByRole('region', { name: 'Research', exact: true });
      const tasks = research.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4 }) });
      const [first, second, third] = await Promise.all([0, 1, 2].map((i) => tasks.nth(i).getAttribute('aria-label')));
      if (!first || !second || !third) throw new Error('the Research phase has fewer than three tasks');

      await research.getByRole('listitem', { name: first, exact: true }).getByLabel('Status').selectOption('completed');
      await page
        .getByText(/^[1-9]\d*(\.\d)?% complete$/)
        .first()
        .waitFor();
      expect(await page.getByText(/^0% complete —/).count()).toBe(0);

      const dependent = research.getByRole('listitem', { name: second, exact: true });
      await dependent.getByLabel('Add a prerequisite').selectOption({ label: third });
      await dependent.getByRole('button', { name: `Add prerequisite to “${second}”` }).click();
      await dependent.getByText('Blocked', { exact: true }).waitFor();
      expect(
        await research
          .getByRole('listitem', { name: third, exact: true })
          .getByText('Blocked', { exact: true })
          .count(),
      ).toBe(0);

      await page.reload();
      const reloaded = page.getByRole('region', { name: 'Research', exact: true });
      await reloaded
        .getByRole('listitem', { name: second, exact: true })
        .getByText('Blocked', { exact: true })
        .waitFor();
      expect(await reloaded.getByRole('listitem', { name: first, exact: true }).getByLabel('Status').inputValue()).toBe(
        'completed',
      );
      expect(await page.getByText(/^0% complete —/).count()).toBe(0);
      for (const phase of ['Research', 'Validation', 'Development', 'Launch', 'What’s next']) {
        await page.getByRole('heading', { name: phase, exact: true, level: 3 }).waitFor();
      }
      await page.getByRole('img', { name: /^Completion over 1 day/ }).waitFor();
      const firstTask = reloaded.getByRole('listitem', { name: first, exact: true });
      await firstTask.getByText('Helpful resources', { exact: true }).click();
      await firstTask.getByRole('link').filter({ hasText: /\w/ }).first().waitFor();
      expect(await firstTask.locator('a[href^="/resources/"]').count()).toBeGreaterThan(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(
        await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(SHOTS, `action-plan-worked-${name}.png`), fullPage: false });
      await reloaded.getByRole('listitem', { name: second, exact: true }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `action-plan-blocked-${name}.png`) });

      const launch = page.getByRole('region', { name: 'Launch', exact: true });
      await launch.getByText('Rename phase').click();
      await launch.getByLabel('New name for Launch').fill('Go to market');
      await launch.getByRole('button', { name: 'Rename', exact: true }).click();
      await page.getByRole('heading', { name: 'Go to market', level: 3 }).waitFor();
      expect(pageErrors).toEqual([]);
    },
  );

  test.for([
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const)(
    'is created from a validated idea, with its hypotheses, and links back to it (%s)',
    async ([name, width, height], { signedInPage }) => {
      const { page, user, pageErrors } = await signedInPage({ plan: 'pro' });
      await page.setViewportSize({ width, height });
      const ideaId = await draftIdea(page, user.accessToken);
      await page.goto(`/validate-idea?idea=${ideaId}`);
      await page.getByText('Validate the idea to create an action plan from its scores and hypotheses.').waitFor();
      expect(await page.getByRole('button', { name: 'Create action plan' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Validate', exact: true }).click();
      await page.getByRole('button', { name: 'Create action plan' }).click();
      await page.waitForURL(/\/action-plan\?plan=\d+$/);
      const validation = page.getByRole('region', { name: 'Validation', exact: true });
      await validation
        .getByRole('heading', { name: /^Test the hypothesis: /, level: 4 })
        .first()
        .waitFor();
      await page.getByText('(its scores and hypotheses)', { exact: false }).waitFor();
      await page.screenshot({ path: path.join(SHOTS, `action-plan-from-idea-${name}.png`), fullPage: false });
      expect(
        await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'),
      ).toBeLessThanOrEqual(0);
      await page.getByRole('link', { name: '“Bookkeeping service for restaurants”' }).click();
      await page.waitForURL(new RegExp(`/validate-idea\\?idea=${ideaId}$`));
      await page.getByRole('heading', { name: 'Bookkeeping service for restaurants', level: 1 }).waitFor();
      expect(pageErrors).toEqual([]);
    },
  );

  test.for([
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const)(
    'shows a free user the example of the idea at hand, typed without a search (issue 29) (%s)',
    async ([name, width, height], { signedInPage }) => {
      const { page, user, pageErrors } = await signedInPage({ plan: 'free' });
      await page.setViewportSize({ width, height });
      const ideaId = await draftIdea(page, user.accessToken);
      await page.goto(`/validate-idea?idea=${ideaId}`);
      await page.getByRole('button', { name: 'Validate', exact: true }).click();
      await page.getByRole('button', { name: 'Create action plan (Pro feature): see an example' }).click();
      await page.waitForURL(new RegExp(`/action-plan\\?idea=${ideaId}$`));
      await page.getByRole('heading', { name: 'Example: Bookkeeping service for restaurants', level: 2 }).waitFor();
      const validation = page.getByRole('region', { name: 'Validation', exact: true });
      await validation
        .getByRole('heading', { name: /^Test the hypothesis: /, level: 4 })
        .first()
        .waitFor();
      await page.screenshot({ path: path.join(SHOTS, `action-plan-idea-example-${name}.png`), fullPage: false });
      expect(pageErrors).toEqual([]);
    },
  );

  test('shows a free user the Pro prompt and a read-only example plan', async ({ signedInPage }) => {
    const { page, pageErrors } = await signedInPage({ plan: 'free' });
    const field = page.getByRole('searchbox', { name: 'Describe a market to explore' });
    await field.fill('bookkeeping for restaurants');
    await field.press('Enter');
    await page.waitForURL(/\/search\/\d+$/);
    await page.goto('/action-plan');
    await page.getByText('This is a Pro feature').waitFor();
    await page.getByText('Example plan, read-only: upgrade to Pro to create and work your own.').waitFor();
    await page.getByRole('heading', { name: 'Launch', exact: true, level: 3 }).waitFor();
    expect(await page.getByLabel('Status').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'action-plan-free-desktop.png') });
    expect(pageErrors).toEqual([]);
  });
});
