import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { test } from './support/fixtures.ts';

// What a results page tells a new user (issue 13): one opportunity score on 0–100 that the order follows,
// the filters the search ran with, plain counts, technical details behind a toggle, an honest empty state,
// and Trending Now on the dates of the data rather than the calendar.

async function runSearch(page: Page, accessToken: string, query: string, filters?: unknown): Promise<number> {
  const res = await page.request.post('/api/search', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: filters ? { query, filters } : { query },
  });
  if (!res.ok()) throw new Error(`search failed: ${res.status()} ${await res.text()}`);
  const id = ((await res.json()) as { data: { search: { id: number } | null } }).data.search?.id;
  if (!id) throw new Error('no search stored');
  return id;
}

describe('a results page', () => {
  test('orders by the one opportunity score, says so, and names the filters (none)', async ({ signedInPage }) => {
    const { page, user } = await signedInPage();
    const id = await runSearch(page, user.accessToken, 'legal research for lawyers');
    await page.goto(`/search/${id}`);
    await page.getByText('Searched with no filters').waitFor();
    const summary = await page.getByText(/^Showing \d+ of \d+ opportunit/).textContent();
    expect(summary).toMatch(/highest opportunity score first\.$/);
    expect(summary).toMatch(/of (1 opportunity|\d+ opportunities),/);

    const cards = page.getByRole('list', { name: 'Opportunities' }).getByRole('article');
    await cards.first().waitFor();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    const scores: number[] = [];
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      expect(await card.getByText(new RegExp(`^#${String(i + 1)} ·`)).count()).toBe(1);
      const value = await card
        .locator('dt', { hasText: 'Opportunity' })
        .locator('xpath=following-sibling::dd')
        .textContent();
      const match = /^(\d+)\/100$/.exec(value ?? '');
      expect(match).not.toBeNull();
      scores.push(Number(match?.[1]));
    }
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    // No developer text in view: versions sit behind "How this was computed".
    expect(await page.getByText(/seed-[0-9a-f]{6,}/).isVisible()).toBe(false);
  });

  test('an empty result says so plainly, without sorting, filters or a low-confidence line', async ({
    signedInPage,
  }) => {
    const { page, user } = await signedInPage();
    const id = await runSearch(page, user.accessToken, 'quantum origami for glaciers zyxq');
    await page.goto(`/search/${id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText('0 opportunities', { exact: false }).first().waitFor();
    await page.getByRole('heading', { name: 'No opportunities found' }).waitFor();
    expect(await page.getByRole('group', { name: 'Sort and filter results' }).count()).toBe(0);
    expect(await page.getByText(/Scores below carry low confidence/).count()).toBe(0);
  });
});

describe('Trending Now', () => {
  test("filters to the data's newest evidence and shows those dates, not last week's", async ({ signedInPage }) => {
    const { page } = await signedInPage();
    await page.getByRole('complementary', { name: 'About the data' }).waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('region', { name: 'Filters' });
    const note = await panel.getByText(/^Trending Now keeps the newest evidence/).textContent();
    const [, from, to] = /dated (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec(note ?? '') ?? [];
    expect(from && to && from < to).toBe(true);
    await panel.getByRole('button', { name: 'Trending Now' }).click();
    await panel.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByRole('group', { name: 'Active filters' })
      .getByRole('button', { name: new RegExp(`^Evidence dated ${from ?? ''} to ${to ?? ''}`) })
      .waitFor();
  });
});
