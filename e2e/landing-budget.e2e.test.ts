import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { test } from './support/fixtures.ts';
import { initialAssets, LANDING_JS_BUDGET_GZIP_BYTES, totalGzip } from './support/landing-assets.ts';

// The landing page's weight, enforced: the JavaScript a first visit to / loads before it runs (the
// landing entry, its modulepreloads, the theme script), gzip, from this run's production build (global
// setup), and what the browser really fetches there when nobody touches the page. / is HTML rendered at
// build time (ADR 041); React and the app load when the visitor reaches for a control. Over budget means
// something reached landing/landing-entry.ts that belongs in the app: `npm run bench -- landing` lists the files.

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
/** A built file's text, by the address the page names it with. */
const text = (dir: string, file: string) => fs.readFileSync(path.join(dir, file.replace(/^\//, '')), 'utf8');

describe('landing page budget', () => {
  it(`loads at most ${LANDING_JS_BUDGET_GZIP_BYTES / 1024} kB of JavaScript (gzip) before it runs`, () => {
    const { js } = initialAssets(inject('clientDir'));
    const listing = js.map((a) => `${a.file} ${kb(a.gzip)}`).join('\n');
    expect(
      js.some((a) => /\/assets\/landing-[^/]+\.js$/.test(a.file)),
      listing,
    ).toBe(true);
    expect(totalGzip(js), listing).toBeLessThanOrEqual(LANDING_JS_BUDGET_GZIP_BYTES);
  });

  it('keeps zod and React (they come with the app, when it is needed) out of the first load', () => {
    const dir = inject('clientDir');
    const holding = (marker: string) =>
      initialAssets(dir)
        .js.filter((a) => text(dir, a.file).includes(marker))
        .map((a) => a.file);
    expect(holding('ZodError')).toEqual([]);
    // react-dom's client (its hydrateRoot export): in the app's first load, not in the landing page's.
    expect(holding('hydrateRoot')).toEqual([]);
    expect(initialAssets(dir, 'index.html').js.some((a) => text(dir, a.file).includes('hydrateRoot'))).toBe(true);
  });

  it('styles / with the very stylesheet the app uses (the app takes the page over without a new one)', () => {
    const dir = inject('clientDir');
    const styles = (page: string) => initialAssets(dir, page).css.map((a) => text(dir, a.file));
    expect(styles('landing.html').length).toBe(1);
    expect(styles('landing.html')).toEqual(styles('index.html'));
  });

  test('a visit to / that touches nothing fetches only those scripts', async ({ openPage }) => {
    const { page } = await openPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const expected = initialAssets(inject('clientDir')).js.map((a) => a.file);
    expect(scripts.sort()).toEqual([...expected].sort());
  });
});
