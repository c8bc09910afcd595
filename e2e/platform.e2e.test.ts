import { describe, expect } from 'vitest';
import { test } from './support/fixtures.ts';

// The list pattern in the browser: history keeps its page and filters in the URL, so a reload,
// Back and a shared link show the same page. The user is made by the session fixture.

describe('history pages in the URL', () => {
  test('keeps the page and the search text over a reload and Back', async ({ signedInPage }) => {
    const { page, user, pageErrors } = await signedInPage({ name: 'Paula Pages', plan: 'pro' });
    for (let i = 1; i <= 21; i++) {
      const res = await page.request.post('/api/search', {
        headers: { authorization: `Bearer ${user.accessToken}` },
        data: { query: `bakery inventory ${String(i).padStart(2, '0')}` },
      });
      expect(res.status()).toBe(200);
    }
    await page.goto('/history');
    const items = page.getByRole('main').getByRole('listitem');
    await page.getByText('bakery inventory 21').waitFor();
    expect(await items.count()).toBe(20);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByText('bakery inventory 01').waitFor();
    await expect.poll(() => items.count()).toBe(1);
    await page.reload();
    await page.getByText('bakery inventory 01').waitFor();
    await page.getByText('Page 2').waitFor();

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('page') === null);
    await page.getByText('bakery inventory 21').waitFor();

    await page.getByLabel('Search your history').fill('inventory 1');
    await page.waitForURL((url) => url.searchParams.get('q') === 'inventory 1');
    await page.getByText('bakery inventory 19').waitFor();
    await page.reload();
    expect(await page.getByLabel('Search your history').inputValue()).toBe('inventory 1');
    await page.getByText('bakery inventory 10').waitFor();
    await expect.poll(() => items.count()).toBe(10);
    expect(pageErrors).toEqual([]);
  });
});
