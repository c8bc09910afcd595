import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Opportunity } from '#shared/engine/analysis.schemas.ts';
import { dentalOnlyOpportunity, vetAnalysisOpportunities } from '#shared/engine/test/market-map-fixtures.ts';
import { createThemedEngine, fakeAnalysis } from '../../test/fake-engine.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { analysisOf, PRO } from '../../test/search-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The market map in the exports (issue 28): the PDF report and the pitch deck carry it as a table with the
// figures the analysis page shows, read back as a reader would (pdftotext; the deck's slide XML).

/** An engine answering with the opportunities a query names: a map of 2 segments × 2 jobs, or one cell. */
function mapEngine(): ReturnType<typeof createThemedEngine> {
  return {
    analyze: ({ query, filters }) => {
      const analysis = fakeAnalysis(query, filters, 1);
      const opportunities: Opportunity[] = query.includes('dental')
        ? [dentalOnlyOpportunity]
        : vetAnalysisOpportunities;
      analysis.opportunities = structuredClone(opportunities);
      analysis.corpus = { version: 'full-fixture', kind: 'full', sources: ['yc', 'onet', 'bls', 'census', 'staffing'] };
      return Promise.resolve(analysis);
    },
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: mapEngine() } });
  t.clock.set(new Date('2026-07-10T12:00:00Z'));
});
afterAll(() => t.close());

async function download(user: TestUser, url: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url, headers: user.headers });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.rawPayload;
}

/** The PDF's text laid out as on the page (poppler's pdftotext -layout). */
function pdfLayoutText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-map-'));
  try {
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, pdf);
    const out = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(out.error, 'pdftotext (poppler-utils) is needed to read the report').toBeUndefined();
    expect(out.status, out.stderr).toBe(0);
    return out.stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The rows of the first table of a slide: each row's cells, each cell's text runs joined. */
function tableRows(slideXml: string): string[][] {
  const table = /<a:tbl>([\s\S]*?)<\/a:tbl>/.exec(slideXml)?.[1] ?? '';
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return [...table.matchAll(/<a:tr\b[\s\S]*?<\/a:tr>/g)].map((row) =>
    [...row[0].matchAll(/<a:tc\b[\s\S]*?<\/a:tc>/g)].map((cell) =>
      [...cell[0].matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decode(m[1] ?? '')).join(''),
    ),
  );
}

async function deckSlides(pptx: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(pptx);
  const names = Object.keys(zip.files)
    .filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f))
    .sort((a, b) => Number(/(\d+)\.xml/.exec(a)?.[1]) - Number(/(\d+)\.xml/.exec(b)?.[1]));
  return Promise.all(names.map((f) => zip.file(f)?.async('string') ?? Promise.resolve('')));
}

describe('the market map in the PDF report', () => {
  it('is a table of every segment × job with its supply and demand, the empty pair marked not scored', async () => {
    const user = await createUser(t);
    const id = await analysisOf(t, user, 'front desk automation for veterinary clinics');
    const text = pdfLayoutText(await download(user, `/api/exports/searches/${id}/pdf`));
    expect(text).toContain('Market map: customer segments × jobs');
    expect(text).toContain('2 segments × 2 jobs: 3 scored, 1 not scored.');
    expect(text).toMatch(/Customer\s+Job\s+Opportunity\s+Score\s+Supply\s+Establishments\s+People doing\s+Growth/);
    // The first line of each row, as laid out on the page.
    expect(text).toMatch(
      /veterinary\s+front desk\s+Front desk\s+38\/100\s+1 competitor, 1\s+32,634\s+271,300 people\s+\+7 % to/,
    );
    expect(text).toMatch(/veterinary\s+billing\s+Billing for\s+47\/100\s+no competitor\s+Not sized\s+Not sized\s+—/);
    expect(text).toMatch(/physicians'\s+front desk\s+Front desk\s+64\/100\s+3 competitors,\s+220,113\s+412,600 people/);
    expect(text).toMatch(/physicians'\s+billing\s+Not scored: no opportunity for this segment and job/);
    // Demand the evidence does not hold is never a number.
    const mapSection = text.slice(text.indexOf('Market map:'), text.indexOf('Not scored: no opportunity'));
    expect(mapSection).not.toMatch(/\b0 establishments|\s0\s+Not sized/);
    // Its own section's score bars say the size is unknown instead of drawing a number.
    expect(text).toMatch(
      /\d\. Billing for veterinary clinics\s[\s\S]{0,300}?Innovation\s+50\s+Market size\s+not sized/,
    );
    expect(text.match(/Market size\s+not sized/g)).toHaveLength(1);
    expect(text.match(/Market size\s+50\b/g)).toHaveLength(2);
  });

  it('leaves the market-size cell of the CSV empty when the market is not sized, where a sized one has its score', async () => {
    const user = await createUser(t, PRO);
    const id = await analysisOf(t, user, 'front desk automation for veterinary clinics');
    const csv = (await download(user, `/api/exports/searches/${id}/csv`)).toString('utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const header = lines[0]!.split(',');
    const column = header.indexOf('Market size');
    expect(column).toBeGreaterThan(0);
    const cellOf = (title: string) => lines.find((l) => l.includes(title))!.split(',')[column];
    expect(cellOf('Billing for veterinary clinics')).toBe('');
    expect(cellOf('Front desk automation for veterinary clinics')).toBe('50');
  });

  it('says when the analysis has one cell', async () => {
    const user = await createUser(t);
    const id = await analysisOf(t, user, 'software for dental practices');
    const text = pdfLayoutText(await download(user, `/api/exports/searches/${id}/pdf`));
    expect(text.replace(/\s+/g, ' ')).toContain(
      'This map has one cell: the analysis scored one customer segment (dental practices) and one job (software), so there is nothing to compare it with here.',
    );
    expect(text).toMatch(
      /dental\s+software\s+Software for\s+28\/100\s+6 competitors,\s+Not sized\s+376,500 people\s+\+8\.4 %/,
    );
  });
});

describe('the market map in the pitch deck', () => {
  it('is a slide after Competition with the scored cells as a native table and the empty pair in its note', async () => {
    const user = await createUser(t, PRO);
    const id = await analysisOf(t, user, 'front desk automation for veterinary clinics');
    const slides = await deckSlides(await download(user, `/api/exports/searches/${id}/pptx?template=classic`));
    expect(slides).toHaveLength(13);
    const map = slides[7] ?? '';
    expect(slides[6]).toContain('<a:t>Competition</a:t>');
    expect(map).toContain('<a:t>Market map</a:t>');
    expect(map).toContain('<a:t>2 segments × 2 jobs: 3 scored, 1 not scored.</a:t>');
    expect(tableRows(map)).toEqual([
      [
        'Customer segment',
        'Job',
        'Opportunity',
        'Score',
        'Supply',
        'Establishments',
        'People doing the work',
        'Growth',
      ],
      [
        'veterinary clinics',
        'front desk automation',
        'Front desk automation for veterinary clinics',
        '38/100 (low)',
        '1 competitor, 1 active; 2 established software products',
        '32,634',
        '271,300 people doing this work (U.S., whole occupation)',
        '+7 % to 2033',
      ],
      [
        'veterinary clinics',
        'billing',
        'Billing for veterinary clinics',
        '47/100 (medium)',
        'no competitor found',
        'Not sized',
        'Not sized',
        '—',
      ],
      [
        "physicians' offices",
        'front desk automation',
        "Front desk automation for physicians' offices",
        '64/100 (high)',
        '3 competitors, 1 active',
        '220,113',
        '412,600 people doing this work (in the industry)',
        '—',
      ],
    ]);
    expect(map).toContain('Not scored: billing for physicians&apos; offices.');
  });
});
