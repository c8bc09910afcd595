import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { test as base } from 'vitest';
import { launchBrowser, openPage, type PageSession } from './browser.ts';
import { signIn, type SessionOptions, type SignedInSession } from './session.ts';

// The browser suite's fixtures, after epic-stack's `test.extend({ login })`: a test names what it
// needs — `async ({ openPage, signedInPage }) => …` — and every context it opened is closed when it
// ends, passed or failed, so no test writes try/finally (lint: unbuilt/browser-contexts-from-fixtures).
//
//   browser          one Chromium per file, closed after the file's last test
//   openPage         a fresh signed-out context and page: openPage({ viewport, baseURL… })
//   signedInPage     the same, signed in as a new user made by the session hook:
//                    signedInPage({ plan: 'pro', name: 'Ada' }, { viewport… })
//   openSharedPage   for a page several tests share (opened in test.beforeAll): closed after the file

/** The openPage fixture: a fresh context and page, closed when the test ends. */
export type OpenPage = (options?: BrowserContextOptions) => Promise<PageSession>;
/** The signedInPage fixture: openPage, signed in as a new user (session options, then context options). */
export type SignedInPage = (
  options?: SessionOptions,
  contextOptions?: BrowserContextOptions,
) => Promise<SignedInSession>;

// Vitest waits for a fixture's cleanup before the next test, with no time limit of its own: a context
// whose close never settles (a renderer stuck under load) must not stall the whole suite.
const CLOSE_TIMEOUT_MS = 30_000;

async function closeWithin(context: BrowserContext, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`a browser context did not close within ${ms / 1000} s; the file's browser closes it`);
      resolve();
    }, ms);
  });
  await Promise.race([context.close(), late]).finally(() => clearTimeout(timer));
}

/** openPage on `browser`, every context it opened closed by `onCleanup`. */
function closingPages(browser: Browser, onCleanup: (cleanup: () => Promise<void>) => void): OpenPage {
  const contexts: BrowserContext[] = [];
  onCleanup(async () => {
    await Promise.all(contexts.map((context) => closeWithin(context, CLOSE_TIMEOUT_MS)));
  });
  return async (options = {}) => {
    const session = await openPage(browser, options);
    contexts.push(session.context);
    return session;
  };
}

export const test = base
  // Vitest reads a fixture's dependencies from its first parameter, which must be a pattern, empty or not.
  // eslint-disable-next-line no-empty-pattern
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('openSharedPage', { scope: 'file' }, async ({ browser }, { onCleanup }) => closingPages(browser, onCleanup))
  .extend('openPage', async ({ browser }, { onCleanup }) => closingPages(browser, onCleanup))
  .extend('signedInPage', async ({ openPage }) => {
    const signedIn: SignedInPage = async (options = {}, contextOptions = {}) =>
      signIn(await openPage(contextOptions), options);
    return signedIn;
  });
