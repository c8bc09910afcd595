import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { initialAssets, LANDING_JS_BUDGET_GZIP_BYTES, totalGzip } from './support/landing-assets.ts';

// The landing page's weight, enforced: the JavaScript a first visit to / loads before it runs (the
// entry, its modulepreloads, the theme script), gzip, from this run's production build (global setup).
// Over budget means something heavy reached the app shell or the landing page: put it behind a lazy
// import (see the footer's demo banner, or the chat panel), and `npm run bench -- landing` lists the files.

describe('landing page budget', () => {
  it(`loads at most ${LANDING_JS_BUDGET_GZIP_BYTES / 1024} kB of JavaScript (gzip) before it runs`, () => {
    const { js } = initialAssets(inject('clientDir'));
    const listing = js.map((a) => `${a.file} ${(a.gzip / 1024).toFixed(1)} kB`).join('\n');
    expect(
      js.some((a) => /\/assets\/index-[^/]+\.js$/.test(a.file)),
      listing,
    ).toBe(true);
    expect(totalGzip(js), listing).toBeLessThanOrEqual(LANDING_JS_BUDGET_GZIP_BYTES);
  });

  it('keeps zod (schemas are parsed after the first paint) out of the first load', () => {
    const dir = inject('clientDir');
    const withZod = initialAssets(dir).js.filter((a) =>
      fs.readFileSync(path.join(dir, a.file.replace(/^\//, '')), 'utf8').includes('ZodError'),
    );
    expect(withZod.map((a) => a.file)).toEqual([]);
  });
});
