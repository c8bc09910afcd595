import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { test } from './support/fixtures.ts';

// The onboarding tour on a first sign-in (resumable, skippable, replayable from Help, never again
// once done) and keyboard shortcuts rebound in Settings that work after a reload.

const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

/** The tour card sits just above or below `target`, its arrow within the target's width, the target outlined. */
async function expectPointsAt(page: Page, target: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const [t, card, arrow, ring] = await Promise.all([
        target.boundingBox(),
        page.getByRole('dialog').first().boundingBox(),
        page.locator('[data-tour-arrow]').boundingBox(),
        page.locator('[data-tour-highlight]').boundingBox(),
      ]);
      if (!t || !card || !arrow || !ring) return 'missing';
      const arrowX = arrow.x + arrow.width / 2;
      const isBeside = card.y >= t.y + t.height || card.y + card.height <= t.y;
      const gap = card.y >= t.y + t.height ? card.y - (t.y + t.height) : t.y - (card.y + card.height);
      const isAtTarget = arrowX >= t.x && arrowX <= t.x + t.width;
      const isOutlined =
        ring.x <= t.x &&
        ring.y <= t.y &&
        ring.x + ring.width >= t.x + t.width &&
        ring.y + ring.height >= t.y + t.height;
      return isBeside && gap <= 24 && isAtTarget && isOutlined ? 'ok' : JSON.stringify({ t, card, arrow, ring });
    })
    .toBe('ok');
}

describe('onboarding tour', () => {
  test('runs on the first sign-in, resumes where it was left, and does not come back once skipped or finished', async ({
    signedInPage,
  }) => {
    const { page, pageErrors } = await signedInPage({ tour: true });
    const tour = page.getByRole('dialog', { name: 'Search for a market' });
    await tour.waitFor();
    await page.getByRole('status').filter({ hasText: 'Product tour, step 1 of 5' }).waitFor();
    for (const [name, width, height] of [
      ['desktop', 1280, 900],
      ['phone', 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      // Issue 29: the card pointed at nothing. It sits beside the search field, its arrow at the field, and
      // the field is outlined.
      await expectPointsAt(page, page.getByRole('searchbox', { name: 'Describe a market to explore' }));
      await page.screenshot({ path: path.join(SHOTS, `onboarding-tour-${name}.png`) });
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Next' }).click();
    const second = page.getByRole('heading', { name: 'Narrow it with filters' });
    await second.waitFor();
    await expectPointsAt(page, page.getByRole('button', { name: 'Filters' }));
    await page.screenshot({ path: path.join(SHOTS, 'onboarding-tour-filters-phone.png') });
    expect(await second.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await second.waitFor({ state: 'detached' });

    // Resumed at the step where it was left.
    await page.reload();
    await page.getByRole('dialog', { name: 'Narrow it with filters' }).waitFor();
    await page.getByRole('button', { name: 'Skip tour' }).click();
    await page.getByRole('dialog', { name: 'Narrow it with filters' }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: /^Account menu for/ }).waitFor();
    await page.getByRole('searchbox', { name: 'Describe a market to explore' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Replayed from Help, finished, and gone for good.
    await page.goto('/help');
    await page.getByRole('button', { name: 'Replay the tour' }).click();
    await page.getByRole('dialog', { name: 'Search for a market' }).waitFor();
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Describe a market to explore' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});

describe('keyboard shortcuts', () => {
  test('rebinds a shortcut in Settings, refuses a conflict, and the new key works after a reload', async ({
    signedInPage,
  }) => {
    const { page, pageErrors } = await signedInPage();
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Keyboard shortcuts' }).waitFor();
    await page.getByRole('button', { name: 'Change Go to the resource library' }).click();
    await page.keyboard.press('Alt+KeyL');
    await page.getByLabel('Current keys for Go to the resource library').filter({ hasText: 'AltL' }).waitFor();

    await page.getByRole('button', { name: 'Change Go to my bookmarks' }).click();
    await page.keyboard.press('Alt+KeyL');
    await page.getByText('Already used by “Go to the resource library”').waitFor();

    await page.reload();
    await page.getByLabel('Current keys for Go to the resource library').filter({ hasText: 'AltL' }).waitFor();
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('Shift+KeyR');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/account');
    await page.keyboard.press('Alt+KeyL');
    await page.waitForURL(/\/resources$/);

    // The shortcuts modal shows the user's own keys.
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const row = dialog.getByRole('row').filter({ hasText: 'Go to the resource library' });
    expect(await row.textContent()).toContain('AltL');
    expect(pageErrors).toEqual([]);
  });
});
