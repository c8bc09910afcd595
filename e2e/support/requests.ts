import type { Page } from 'playwright-core';

// Waiting on the network where the page gives nothing to wait for: a save the next step (a reload, a
// navigation) relies on, and a request held so that what the page shows while it waits can be checked.

/** Runs `action` and waits for the successful answer to the `method` request to `path` that it sends. */
export async function afterResponse(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  action: () => Promise<unknown>,
): Promise<void> {
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === method && r.ok()),
    action(),
  ]);
}

/**
 * Holds every request to `url` (a glob) until the returned function is called, then lets it through. A
 * fixed delay instead would be a guess: under load the page may not have shown the waiting state yet.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    // The page may have given up on it meanwhile (a cancelled search aborts its request).
    await route.continue().catch(() => undefined);
  });
  return release;
}
