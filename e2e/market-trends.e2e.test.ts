import path from 'node:path';
import { describe, expect } from 'vitest';
import { test } from './support/fixtures.ts';

// Issue 16: the market-trends heat map renders from the corpus, the keyboard moves between cells,
// a cell lists the companies behind it, and switching the metric changes the legend.

// Screenshots for a person to look at, beside the other suites'.
const SHOTS = path.resolve('node_modules/.cache/unbuilt/screenshots');

describe('market trends heat map', () => {
  test('renders, moves with the arrow keys, lists a cell’s companies, and the metric switch changes the legend', async ({
    signedInPage,
  }) => {
    const { page, pageErrors } = await signedInPage();
    const focusedLabel = () =>
      page.evaluate<string | null>(`document.activeElement?.getAttribute('aria-label') ?? null`);
    await page.goto('/market-trends');
    const grid = page.getByRole('grid', { name: /^Heat map/ });
    await grid.waitFor();
    await expect.poll(() => grid.getByRole('rowheader').count()).toBe(10);
    await page.getByText('the picture is a small sample', { exact: false }).waitFor();
    await page.getByText(/^Source: Y Combinator directory \(seed sample\) as of \d{4}/).waitFor();
    await page.getByText(/^Source: BLS Employment Projections 2023–2033/).waitFor();
    await page.getByText(/^Corpus version seed-/).waitFor();

    // One cell in the tab order; arrows move focus between cells.
    const cells = grid.getByRole('gridcell').getByRole('button');
    expect(await grid.locator('button[tabindex="0"]').count()).toBe(1);
    await cells.first().focus();
    const first = await focusedLabel();
    // Focus moves with the grid's state, after the key: wait for it to arrive.
    await page.keyboard.press('ArrowRight');
    await expect.poll(focusedLabel).toMatch(/^Technology, \d{4}:/);
    const right = await focusedLabel();
    expect(right).not.toBe(first);
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedLabel).toMatch(/^Healthcare, \d{4}:/);
    const down = await focusedLabel();
    await expect.poll(() => grid.locator('button[tabindex="0"]').getAttribute('aria-label')).toBe(down);

    // A healthcare cell with companies: the list has as many companies as the cell says.
    const label = await grid
      .getByRole('button', { name: /^Healthcare, \d{4}: [1-9]/ })
      .first()
      .getAttribute('aria-label');
    const [, year, count] = /^Healthcare, (\d{4}): (\d+)/.exec(label ?? '') ?? [];
    await grid.getByRole('button', { name: label ?? '' }).click();
    const list = page.getByRole('list', { name: `Companies in Healthcare, ${year}` });
    await list.waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(Number(count));
    await page
      .getByText(/^(Rising|Falling|Flat|Trend unclear)/)
      .first()
      .waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'market-trends-1280.png'), fullPage: true });

    // Switching the metric changes the legend's caption and range.
    const legend = page.getByRole('figure', { name: 'Legend' });
    const before = await legend.textContent();
    await page.getByLabel('Metric').selectOption('share');
    await legend.getByText("Share of that year's directory").waitFor();
    expect(await legend.textContent()).not.toBe(before);
    expect(await page.getByTestId('legend-max').textContent()).toMatch(/%$/);

    // The table alternative holds the same rows.
    await page.getByRole('button', { name: 'Show as a table' }).click();
    const table = page.getByRole('table', { name: 'Heat map values as a table' });
    await table.waitFor();
    await expect.poll(() => table.getByRole('rowheader').count()).toBe(10);
    expect(pageErrors).toEqual([]);
  });

  test('fits a phone: the grid scrolls inside its own region', async ({ signedInPage }) => {
    const { page } = await signedInPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/market-trends?metric=survival');
    await page.getByRole('grid', { name: /^Heat map/ }).waitFor();
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    // It opens on the latest years, with a cue that earlier ones are to the left (issue 29: it opened on 2005–09).
    const scroller = page.getByTestId('heat-map-scroller');
    // Scrolled to the end by an effect after the first render: wait for it.
    await expect
      .poll(() => scroller.evaluate((el) => el.scrollWidth - el.clientWidth - el.scrollLeft))
      .toBeLessThanOrEqual(1);
    await page.getByTestId('earlier-years-cue').waitFor();
    // Widened until the grid fits, the cue goes; narrowed again, it comes back.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await page.getByTestId('earlier-years-cue').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('earlier-years-cue').waitFor();
    // Young cohorts have no survival figure, and the legend says why.
    expect(await page.getByRole('figure', { name: 'Legend' }).textContent()).toContain('have not had time to fail');
    await page.screenshot({ path: path.join(SHOTS, 'market-trends-390.png'), fullPage: true });
  });
});
