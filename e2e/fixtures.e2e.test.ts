import { describe, expect } from 'vitest';
import { test } from './support/fixtures.ts';

// The fixtures close what a test opened even when it fails: a test that opens two pages and fails,
// then the next test of the file finds the file's browser with no context left open.

describe('browser fixtures', () => {
  // Fails on purpose, once: CI's retry of journeys (vitest.config.ts) would only run it twice.
  test.fails(
    'a failing test that opened a signed-out and a signed-in page',
    { retry: 0 },
    async ({ openPage, signedInPage }) => {
      await openPage();
      const { page } = await signedInPage();
      expect(new URL(page.url()).pathname).toBe('/not-where-it-is');
    },
  );

  test('leaves no context open after it', async ({ browser }) => {
    expect(browser.contexts()).toEqual([]);
  });

  test('closes the contexts of a passing test too', async ({ browser, openPage }) => {
    await openPage();
    await openPage({ viewport: { width: 390, height: 844 } });
    expect(browser.contexts()).toHaveLength(2);
  });

  test('after which none is open', async ({ browser }) => {
    expect(browser.contexts()).toEqual([]);
  });
});
