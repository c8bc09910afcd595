import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { test } from './support/fixtures.ts';

// The assistant: open an analysis → the widget → a suggested question → an answer with citation
// links → follow a citation to the evidence → rate the conversation. Signed out, product questions
// are answered from the help articles. Screenshots go to node_modules/.cache/unbuilt/screenshots.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

describe('assistant', () => {
  test.for([
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const)(
    'answers about an analysis with links to its evidence, and takes a rating (%s)',
    async ([name, width, height], { signedInPage }) => {
      const { page, pageErrors } = await signedInPage({ plan: 'free' });
      await page.setViewportSize({ width, height });
      const field = page.getByRole('searchbox', { name: 'Describe a market to explore' });
      await field.fill('bookkeeping for restaurants');
      await field.press('Enter');
      await page.waitForURL(/\/search\/\d+$/);

      const opener = page.getByRole('button', { name: 'Open the assistant' });
      await opener.click();
      const panel = page.getByRole('dialog', { name: 'Ask about this analysis' });
      await panel.waitFor();
      // Escape closes it and gives focus back to the button.
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      expect(await opener.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      await opener.click();

      const suggestions = panel.getByRole('region', { name: 'Suggested questions' });
      await suggestions.getByRole('button', { name: /^Who already serves/ }).click();
      const log = panel.getByRole('log', { name: 'Conversation' });
      await log
        .getByText(/^Offline answer/)
        .first()
        .waitFor();
      const citations = log.getByRole('link', { name: /^Source: / });
      expect(await citations.count()).toBeGreaterThan(0);
      expect(await citations.first().getAttribute('href')).toMatch(/^\/search-result\/\d+#evidence-/);
      await suggestions.getByRole('button').first().click();
      await log
        .getByText(/^Offline answer/)
        .nth(1)
        .waitFor();
      await page.screenshot({ path: path.join(SHOTS, `assistant-answer-${name}.png`) });
      expect(await seriousAxeViolations(page)).toEqual([]);
      const box = await panel.boundingBox();
      expect(box && box.width <= width).toBe(true);

      // Follow a citation: the panel closes, the opportunity's page shows that evidence row, focused.
      const href = (await citations.first().getAttribute('href')) ?? '';
      await citations.first().click();
      await page.waitForURL((url) => `${url.pathname}${url.hash}` === href);
      const anchor = decodeURIComponent(href.split('#')[1] ?? '');
      const target = page.locator(`[id="${anchor}"]`);
      await target.waitFor();
      await expect.poll(() => target.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
      await page.screenshot({ path: path.join(SHOTS, `assistant-evidence-${name}.png`) });

      // The same conversation opens from the opportunity's page; after four messages it asks for a rating.
      await opener.click();
      const again = page.getByRole('dialog', { name: 'Ask about this analysis' });
      const rating = again.getByRole('group', { name: 'How helpful is this conversation?' });
      await rating.getByRole('button', { name: '4 of 5' }).click();
      await again.getByText('Thanks: you rated this conversation 4 of 5.').waitFor();
      await page.screenshot({ path: path.join(SHOTS, `assistant-rated-${name}.png`) });
      expect(pageErrors).toEqual([]);
    },
  );

  test('answers a visitor’s product question from the help articles, linking each article', async ({ openPage }) => {
    const { page, pageErrors } = await openPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open the assistant' }).click();
    const panel = page.getByRole('dialog', { name: 'Ask about Unbuilt' });
    await panel.getByLabel('Your question').fill('How is the opportunity score computed?');
    await panel.getByRole('button', { name: 'Send' }).click();
    const link = panel
      .getByRole('log', { name: 'Conversation' })
      .getByRole('link', { name: /^Source: / })
      .first();
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^\/help\?article=/);
    await page.screenshot({ path: path.join(SHOTS, 'assistant-help-desktop.png') });
    expect(pageErrors).toEqual([]);
  });

  test.for([
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const)(
    'answers "How do I cancel?" on the resources page from the pricing FAQ, linking its question (%s)',
    async ([name, width, height], { signedInPage }) => {
      const { page, pageErrors } = await signedInPage({ plan: 'pro' });
      await page.setViewportSize({ width, height });
      await page.goto('/resources');
      await page.getByRole('button', { name: 'Open the assistant' }).click();
      const panel = page.getByRole('dialog', { name: 'Ask about Unbuilt' });
      await panel.getByLabel('Your question').fill('How do I cancel?');
      await panel.getByRole('button', { name: 'Send' }).click();
      const log = panel.getByRole('log', { name: 'Conversation' });
      await log.getByText(/choose Cancel at period end/).waitFor();
      const links = log.getByRole('link', { name: /^Source: / });
      expect(await links.first().textContent()).toBe('Source: Pricing FAQ: Can I cancel?');
      expect(await links.first().getAttribute('href')).toBe('/pricing#can-i-cancel');
      await page.screenshot({ path: path.join(SHOTS, `assistant-cancel-${name}.png`) });
      await links.first().click();
      await page.waitForURL(/\/pricing#can-i-cancel$/);
      await page.getByRole('heading', { name: 'Can I cancel?' }).waitFor();
      expect(pageErrors).toEqual([]);
    },
  );
});
