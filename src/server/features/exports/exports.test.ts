import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GapAnalysis } from '#shared/engine/analysis.schemas.ts';
import type { ExportUsage } from '#shared/exports/exports.schemas.ts';
import { FREE_MONTHLY_EXPORTS } from '#shared/plans/plans.constants.ts';
import { createThemedEngine, fakeAnalysis } from '../../test/fake-engine.ts';
import { createUser, signInAs, type TestUser } from '../../test/factories.ts';
import { pdfPages } from '../../test/pdf-text.ts';
import { userPrincipal } from '../../lib/access/principal.ts';
import { exportHistoryCsv } from './exports.service.ts';
import { evidenceLine, pdfText, startReport } from './pdf-report.render.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { analysisOf as analysisOfIn, PRO } from '../../test/search-helpers.ts';

// Exports of an analysis: the PDF report (any plan), CSVs (Pro), and the free plan's monthly allowance.

const PAYLOADS = ['=HYPERLINK("http://evil.test")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];

/** An engine whose every text field starts with a formula payload, citing YC, O*NET and BLS. */
function hostileEngine(): ReturnType<typeof createThemedEngine> {
  return {
    analyze: ({ query, filters }) => {
      const analysis: GapAnalysis = fakeAnalysis(query, filters, 2);
      analysis.corpus = { version: 'full-fixture', kind: 'full', sources: ['yc', 'onet', 'bls'] };
      for (const [i, o] of analysis.opportunities.entries()) {
        const p = (n: number) => PAYLOADS[(i + n) % PAYLOADS.length] ?? '=1';
        o.title = `${p(0)} title ${query}`.slice(0, 200);
        o.description = `${p(1)} description text`;
        o.gapReason = `${p(2)} gap reason text`;
        o.targetAudience = `${p(3)} audience`;
        o.actionableRecommendations = [`${p(4)} recommendation`];
        o.keyTrends = [`${p(5)} trend`];
        o.riskFlags = [`${p(0)} risk`];
        o.cell = { offering: `${p(1)} offering`, segment: `${p(2)} segment` };
        o.competitors = [
          { name: `${p(3)}Acme`, status: 'Active', source: 'yc', verified: true, evidenceId: 'yc:acme' },
        ];
        o.evidence = [
          {
            id: 'yc:acme',
            source: 'yc',
            ref: 'acme',
            value: 1,
            note: 'Acme, a YC company',
            url: 'https://www.ycombinator.com/companies/acme',
          },
          { id: 'onet:29-1021', source: 'onet', ref: '29-1021.00', value: 'Dentists', note: 'Dentists, General' },
          { id: 'bls:29-1021', source: 'bls', ref: '29-1021', value: 4.2, note: 'Projected growth 2023-2033, %' },
        ];
      }
      return Promise.resolve(analysis);
    },
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: hostileEngine() } });
  t.clock.set(new Date('2026-07-10T12:00:00Z'));
});
afterAll(() => t.close());

const analysisOf = (user: TestUser, query: string) => analysisOfIn(t, user, query);

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });

/** RFC 4180 rows (quoted fields with "" and line breaks) of a CSV body without its BOM. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

describe('PDF report', () => {
  it("prints an evidence row's reference and value for a reader: labelled, grouped, never twice (issue 28)", async () => {
    const report = startReport({ kind: 'Market-gap report', title: 't', branding: null });
    expect(
      evidenceLine(report, {
        id: 'industry:establishments',
        source: 'census',
        ref: '6212',
        value: 135333,
        note: 'Offices of dentists: 135,333 establishments in the U.S. in 2021',
      }),
    ).toBe(
      'Offices of dentists: 135,333 establishments in the U.S. in 2021 — Census County Business Patterns 2021, ref 6212',
    );
    expect(
      evidenceLine(report, {
        id: 'onet:x:fit',
        source: 'onet',
        ref: '43-4171.00',
        value: 0.68,
        note: 'How well it fits',
      }),
    ).toBe('How well it fits — O*NET 29.3, ref 43-4171.00 · value 0.68');
    report.doc.end();
    await report.done;
  });

  it('has a cover, summary, each opportunity with scores, competitors and evidence, and the sources; user text stays text', async () => {
    const user = await createUser(t);
    const query = '<script>alert("x")</script> dental clinics';
    const id = await analysisOf(user, query);
    const res = await get(user, `/api/exports/searches/${id}/pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="unbuilt-script-alert-x-script-dental-clinics-${id}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(res.rawPayload);
    const all = pages.join('\n');
    expect(pages[0]).toContain('Market-gap report');
    expect(pages[0]).toContain(query);
    expect(pages[1]).toContain('Summary');
    expect(pages[1]).toContain('Opportunity scores (0-100)');
    expect(pages).toHaveLength(2 + 2 + 1);
    for (const text of [
      'Competitors (1)',
      'Acme',
      'Evidence (3)',
      'How the opportunity score was computed',
      'Dentists, General',
    ]) {
      expect(all).toContain(text);
    }
    // Evidence reads by its title, not its id (issue 29).
    expect(all).toContain('Acme, a YC company — Y Combinator directory, ref acme');
    expect(all).not.toMatch(/\[(yc|onet|bls):/);
    const last = pages.at(-1) ?? '';
    expect(last).toContain('Sources and attribution');
    expect(last).toContain('Y Combinator directory');
    expect(last).toContain('(CC BY 4.0)');
    expect(last).toContain('U.S. Bureau of Labor Statistics');
  });

  it('prints text beyond Latin-1 with the embedded font; scripts the font lacks print as "?"', async () => {
    const user = await createUser(t);
    const query = 'Zürich – Ελλάδα, Москва, שלום & 東京 clinics';
    const id = await analysisOf(user, query);
    const res = await get(user, `/api/exports/searches/${id}/pdf`);
    expect(res.statusCode).toBe(200);
    const cover = (await pdfPages(res.rawPayload))[0] ?? '';
    expect(cover).toContain('Zürich – Ελλάδα, Москва,');
    // Hebrew keeps its letters (extraction splits the right-to-left run; pdfkit does no bidi reordering).
    expect(cover).toContain('שלום');
    expect(cover).toContain('& ?? clinics');
    expect(cover).not.toContain('東京');
    expect(res.rawPayload.toString('latin1')).toMatch(/\/FontFile2/);
    expect(res.rawPayload.toString('latin1')).toMatch(/DejaVuSans/);
    expect(pdfText('a\u0000b\tc 東 ☃ é')).toBe('ab c ? ☃ é');
  });

  it("answers another user's analysis with 404 and charges nothing", async () => {
    const owner = await createUser(t);
    const id = await analysisOf(owner, 'dentists');
    for (const intruder of [await createUser(t), await createUser(t, PRO)]) {
      for (const url of [`/api/exports/searches/${id}/pdf`, `/api/exports/searches/${id}/csv`]) {
        expect((await get(intruder, url)).statusCode).toBe(404);
      }
      const usage = (await get(intruder, '/api/exports/usage')).json<{ data: ExportUsage }>().data;
      expect(usage.used).toBe(0);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/exports/searches/${id}/pdf` })).statusCode).toBe(401);
  });
});

describe('CSV', () => {
  it('is a Pro feature', async () => {
    const free = await createUser(t);
    const id = await analysisOf(free, 'vets');
    for (const url of [`/api/exports/searches/${id}/csv`, '/api/exports/history/csv']) {
      const res = await get(free, url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'PLAN_REQUIRED' });
    }
  });

  it('the history export checks the plan itself, for any caller, not only behind the route', async () => {
    const free = await createUser(t);
    await analysisOf(free, 'vets');
    const attempt = exportHistoryCsv({
      db: t.db.db,
      principal: userPrincipal(free.user.id),
      user: free.user,
      now: t.clock.now(),
      publicUrl: 'http://localhost',
    });
    await expect(attempt).rejects.toMatchObject({ code: 'PLAN_REQUIRED' });
  });

  it('writes every opportunity with a BOM, RFC 4180, and no cell a spreadsheet would run', async () => {
    const pro = await createUser(t, PRO);
    const id = await analysisOf(pro, '=cmd|calc dentists, "general"');
    const res = await get(pro, `/api/exports/searches/${id}/csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="unbuilt-cmd-calc-dentists-general-\d+\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(3);
    expect(rows[0]?.[0]).toBe('Rank');
    expect(rows.every((r) => r.length === rows[0]?.length)).toBe(true);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    const first = rows[1] ?? [];
    expect(first[1]).toBe(`'=HYPERLINK("http://evil.test") title =cmd|calc dentists, "general"`);
    expect(first).toContain(`'=cmd|calc dentists, "general"`);
    expect(first).toContain('Y Combinator directory; O*NET 29.3; BLS Employment Projections 2023–2033');
  });

  it('writes the history, newest first, neutralised', async () => {
    const pro = await createUser(t, PRO);
    await analysisOf(pro, '+first search');
    t.clock.advance(1000);
    await analysisOf(pro, '@second search');
    const res = await get(pro, '/api/exports/history/csv');
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows.map((r) => r[1])).toEqual(['Query', "'@second search", "'+first search"]);
    expect(rows[1]?.[6]).toMatch(/\/search\/\d+$/);
  });
});

describe('the free export allowance', () => {
  it(`allows ${FREE_MONTHLY_EXPORTS} exports a calendar month, then answers 'Export limit reached'; the next month starts again`, async () => {
    const user = await createUser(t);
    const id = await analysisOf(user, 'plumbers');
    for (let i = 0; i < FREE_MONTHLY_EXPORTS; i++) {
      expect((await get(user, `/api/exports/searches/${id}/pdf`)).statusCode).toBe(200);
    }
    const over = await get(user, `/api/exports/searches/${id}/pdf`);
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      message: expect.stringMatching(/^Export limit reached/),
    });
    expect((await get(user, '/api/exports/usage')).json<{ data: ExportUsage }>().data).toEqual({
      used: FREE_MONTHLY_EXPORTS,
      limit: FREE_MONTHLY_EXPORTS,
    });
    const start = t.clock.now();
    t.clock.set(new Date('2026-08-01T00:00:00Z'));
    const fresh = await signInAs(t, user.user.id);
    const nextMonth = await t.app.inject({
      method: 'GET',
      url: `/api/exports/searches/${id}/pdf`,
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(nextMonth.statusCode).toBe(200);
    t.clock.set(start);
  });

  it('holds exactly under 30 concurrent exports', async () => {
    const user = await createUser(t);
    const id = await analysisOf(user, 'bakeries');
    const results = await Promise.all(
      Array.from({ length: 30 }, () => get(user, `/api/exports/searches/${id}/pdf`).then((r) => r.statusCode)),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(FREE_MONTHLY_EXPORTS);
    expect(results.filter((s) => s === 402)).toHaveLength(30 - FREE_MONTHLY_EXPORTS);
    expect((await get(user, '/api/exports/usage')).json<{ data: ExportUsage }>().data.used).toBe(FREE_MONTHLY_EXPORTS);
  });

  it('does not limit paid plans', async () => {
    const pro = await createUser(t, PRO);
    const id = await analysisOf(pro, 'gyms');
    for (let i = 0; i < FREE_MONTHLY_EXPORTS + 2; i++) {
      expect((await get(pro, `/api/exports/searches/${id}/csv`)).statusCode).toBe(200);
    }
    expect((await get(pro, '/api/exports/usage')).json<{ data: ExportUsage }>().data).toEqual({
      used: FREE_MONTHLY_EXPORTS + 2,
      limit: null,
    });
  });
});
