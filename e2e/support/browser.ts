import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';

// playwright-core driving the system Chromium (never `playwright install`: no downloads here).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH}. Install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** This worker's test server: files running at the same time each have their own (global-setup.ts). */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(worker - 1) % urls.length];
  if (!url) throw new Error('The browser suite started no test server (e2e/support/global-setup.ts).');
  return url;
}

export type PageSession = { context: BrowserContext; page: Page; pageErrors: string[] };

/**
 * A fresh context (own storage, cookies) pointed at the test server, with the page's uncaught errors
 * collected. Tests take it from the openPage fixture (fixtures.ts), which closes it.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<PageSession> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}
