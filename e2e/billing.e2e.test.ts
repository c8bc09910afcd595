import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import { TRIAL_EMAIL_REQUIRED_TEXT, TRIAL_EMAIL_REQUIRED_TITLE } from '#shared/billing/billing.schemas.ts';
import { TRIAL_SUCCESS_TEXT, TRIAL_SUCCESS_TITLE } from '#shared/billing/trial-copy.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { baseUrl, type PageSession } from './support/browser.ts';
import { test, type OpenPage } from './support/fixtures.ts';
import { registerThroughApi } from './support/session.ts';
import { DAY_MS } from '#shared/app/time.constants.ts';

// Plans and billing in the browser, on the demo payment provider: Upgrade → /subscribe → demo
// checkout → success → PRO → cancel at period end → Free after the period (server clock moved with
// the /api/__test/clock hook); and the free-trial modal's validation and toasts.

const PASSWORD = 'Quokka-Lantern-7315!';

afterAll(async () => {
  // Whatever happened above, later suites on this server see real time again.
  await fetch(`${baseUrl()}/api/__test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ reset: true }),
  });
});

async function resetClock(page: Page): Promise<void> {
  const res = await page.request.post('/api/__test/clock', { data: { reset: true } });
  expect(res.ok()).toBe(true);
}

async function moveClock(page: Page, advanceMs: number): Promise<void> {
  const res = await page.request.post('/api/__test/clock', { data: { advanceMs } });
  expect(res.ok()).toBe(true);
}

/** A new account registered through the API (the refresh cookie lands in this browser context). */
async function registeredPage(openPage: OpenPage): Promise<PageSession & { email: string }> {
  const { context, page, pageErrors } = await openPage();
  const email = `billing-${randomBytes(5).toString('hex')}@example.test`;
  await registerThroughApi(page, { email, password: PASSWORD, name: 'Bill Ing' });
  await page.goto('/');
  await page.getByRole('button', { name: /^Account menu for/ }).waitFor();
  return { context, page, email, pageErrors };
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  return page.getByRole('menu');
}

describe('subscribing with the demo provider', () => {
  test('goes from Free to Pro through the demo checkout, and back to Free after cancelling at period end', async ({
    openPage,
  }) => {
    const { page, pageErrors } = await registeredPage(openPage);
    await resetClock(page);
    const banner = page.getByRole('banner');

    await banner.getByRole('link', { name: 'Upgrade' }).click();
    await page.waitForURL('**/subscribe');
    expect(await page.getByRole('note').textContent()).toContain('no card is charged');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Continue to checkout — Pro' }).click();
    await page.waitForURL('**/billing/demo-checkout/**');
    await page.getByText('Demo checkout — no card is charged').waitFor();
    await page.getByText('(demo: $0.00 charged)').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Complete demo purchase' }).click();
    await page.waitForURL('**/subscription/success**');
    await page.getByRole('heading', { name: 'Welcome to Pro!' }).waitFor();

    // PRO badge and the Billing entry; no Upgrade button for a paid user.
    await banner.getByText('PRO', { exact: true }).waitFor();
    expect(await banner.getByRole('link', { name: 'Upgrade' }).count()).toBe(0);
    const menu = await openAccountMenu(page);
    await menu.getByRole('menuitem', { name: 'Billing' }).click();
    await page.waitForURL('**/billing');

    const status = page.getByTestId('subscription-status');
    // The demo checkout says its plan does not renew; billing says the same (issue 29).
    expect(await status.textContent()).toMatch(/^Active \(demo\) — ends on .+, does not renew$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await page.getByText(/^Cancelled — your plan ends on /).waitFor();
    await page.getByRole('button', { name: 'Resume subscription' }).waitFor();

    // 20 days on: still Pro (a reload refreshes the session, as a returning user's visit would).
    await moveClock(page, 20 * DAY_MS);
    await page.reload();
    await banner.getByText('PRO', { exact: true }).waitFor();

    // Past the 30-day period: Free on the very next request, Upgrade is back.
    await moveClock(page, 10 * DAY_MS + 60_000);
    await page.reload();
    await banner.getByRole('link', { name: 'Upgrade' }).waitFor();
    expect(await banner.getByText('PRO', { exact: true }).count()).toBe(0);
    const freeMenu = await openAccountMenu(page);
    await freeMenu.getByRole('menuitem', { name: 'Upgrade to Pro' }).waitFor();
    expect(await freeMenu.getByRole('menuitem', { name: 'Billing' }).count()).toBe(0);

    await resetClock(page);
    expect(pageErrors).toEqual([]);
  });
});

describe('free-trial modal', () => {
  async function openTrialModal(page: Page) {
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    return dialog;
  }

  function toast(page: Page, title: string) {
    return page.locator('[data-sonner-toast]').filter({ hasText: title });
  }

  test('requires an e-mail, then activates the trial and refreshes the user', async ({ openPage }) => {
    const { page, email } = await registeredPage(openPage);
    const dialog = await openTrialModal(page);
    const field = dialog.getByLabel('Email address');
    expect(await field.getAttribute('type')).toBe('email');
    expect(await seriousAxeViolations(page)).toEqual([]);

    for (const value of ['', '   ']) {
      await field.fill(value);
      await dialog.getByRole('button', { name: 'Start Free Trial' }).click();
      const required = toast(page, TRIAL_EMAIL_REQUIRED_TITLE);
      await required.waitFor();
      expect(await required.textContent()).toContain(TRIAL_EMAIL_REQUIRED_TEXT);
      await required.waitFor({ state: 'detached' });
    }

    await field.fill(email);
    await dialog.getByRole('button', { name: 'Start Free Trial' }).click();
    const activated = toast(page, TRIAL_SUCCESS_TITLE);
    await activated.waitFor();
    expect(await activated.textContent()).toContain(TRIAL_SUCCESS_TEXT);
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('banner').getByText('PRO', { exact: true }).waitFor();
  });

  test('shows the destructive failure toast with the server message', async ({ openPage }) => {
    const { page } = await registeredPage(openPage);
    const dialog = await openTrialModal(page);
    await dialog.getByLabel('Email address').fill('someone-else@example.test');
    await dialog.getByRole('button', { name: 'Start Free Trial' }).click();
    const failed = toast(page, 'Trial Activation Failed');
    await failed.waitFor();
    expect(await failed.textContent()).toContain('Use the e-mail address of your account.');
    expect(await page.getByRole('banner').getByText('PRO', { exact: true }).count()).toBe(0);
  });
});

describe('contact sales', () => {
  test('validates the form, then stores and e-mails the enquiry to sales', async ({ openPage }) => {
    const { page, pageErrors } = await openPage();
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Contact Sales', level: 1 }).waitFor();
    await page.getByLabel('Your name').fill('Grace Hopper');
    await page.getByLabel('Work e-mail').fill('not-an-email');
    await page.getByLabel('How can we help?').fill('Too short');
    await page.getByRole('button', { name: 'Send to Sales' }).click();
    await page.getByText('Enter a valid e-mail address.').waitFor();
    await page.getByText('Message must be at least 20 characters').waitFor();

    const company = `Compilers ${randomBytes(3).toString('hex')}`;
    await page.getByLabel('Work e-mail').fill('grace@navy.example');
    await page.getByLabel('Company (optional)').fill(company);
    await page.getByLabel('How can we help?').fill('We need Unbuilt for 300 analysts, with API access.');
    await page.getByRole('button', { name: 'Send to Sales' }).click();
    await page.getByText(/^Thank you! Your message reached our sales team/).waitFor();

    const mail = await page.request.get('/api/__test/outbox?to=sales@unbuilt.app');
    expect(mail.ok()).toBe(true);
    const body = (await mail.json()) as { data: { subject: string; text: string } };
    expect(body.data.subject).toContain(`from Grace Hopper (${company})`);
    expect(body.data.text).toContain('300 analysts');
    expect(pageErrors).toEqual([]);
  });
});
