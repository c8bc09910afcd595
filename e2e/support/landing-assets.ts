import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// What a first visit to / downloads before the page can run: the scripts and stylesheets the built
// landing.html names (the page the server sends for /, ADR 041: the landing entry module, its
// modulepreloads, the classic theme script, the CSS), each with its raw and gzip size; `page` picks
// another built page (index.html, every other path). Read by the landing budget test
// (e2e/landing-budget.e2e.test.ts) and the landing bench (bench/landing.bench.ts).

/** The landing page's initial JavaScript budget, gzip (issue 30; ADR 041). */
export const LANDING_JS_BUDGET_GZIP_BYTES = 60 * 1024;

/** The built page the server sends for / (src/server/lib/http/static-client.ts). */
export const LANDING_PAGE = 'landing.html';

export type Asset = { file: string; raw: number; gzip: number };

export function initialAssets(distDir: string, page = LANDING_PAGE): { js: Asset[]; css: Asset[] } {
  const html = fs.readFileSync(path.join(distDir, page), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of tags) {
    if (tag.startsWith('<script') && attr(tag, 'src')) js.add(attr(tag, 'src') ?? '');
    if (tag.startsWith('<link') && attr(tag, 'rel') === 'modulepreload') js.add(attr(tag, 'href') ?? '');
    if (tag.startsWith('<link') && attr(tag, 'rel') === 'stylesheet') css.add(attr(tag, 'href') ?? '');
  }
  const measure = (href: string): Asset => {
    const content = fs.readFileSync(path.join(distDir, href.replace(/^\//, '')));
    return { file: href, raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length };
  };
  return { js: [...js].filter(Boolean).map(measure), css: [...css].filter(Boolean).map(measure) };
}

export const totalGzip = (assets: Asset[]) => assets.reduce((sum, a) => sum + a.gzip, 0);
