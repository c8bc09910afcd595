import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchDetail } from '#shared/searches/search.schemas.ts';
import { DECK_TEMPLATES } from '#shared/exports/deck.schemas.ts';
import { readTestVariable } from '../../env.ts';
import type { Competitor } from '#shared/engine/analysis.schemas.ts';
import { createThemedEngine } from '../../test/fake-engine.ts';
import { createUser, type TestUser } from '../../test/factories.ts';
import { analysisOf, PRO } from '../../test/search-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { scaled } from '../../test/timeouts.ts';

// The pitch deck (Pro): 13 slides in each template, read back from the zip; with a validated idea and
// an action plan the financials and roadmap come from them; LibreOffice opens it (one PDF page a slide).

const isCi = readTestVariable('CI') === 'true';

/** Competitors with batch years (placed on the competition grid), one of them named with an "&". */
const RIVALS: Competitor[] = [
  ['Haul & Sons Freight', 'Winter 2021', ['freight', 'brokerage']],
  ['Loadline', 'Summer 2019', ['freight']],
  ['Brokerly', 'Winter 2023', ['brokerage', 'software']],
].map(([name, batch, words]) => ({
  name: name as string,
  batch: batch as string,
  status: 'Active',
  source: 'yc',
  verified: true,
  match: { sentence: `${String(name)} for freight brokers.`, words: words as string[], by: 'words' },
}));

/** The themed engine, with those competitors beside its fixture one. */
function rivalsEngine(): ReturnType<typeof createThemedEngine> {
  const themed = createThemedEngine();
  return {
    analyze: async (...args) => {
      const analysis = await themed.analyze(...args);
      for (const o of analysis.opportunities) o.competitors = [...o.competitors, ...RIVALS];
      return analysis;
    },
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: rivalsEngine() } });
  t.clock.set(new Date('2026-07-10T12:00:00Z'));
});
afterAll(() => t.close());

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });

/** Slide number → the text of its runs (XML entities decoded), in slide order. */
async function slideTexts(pptx: Buffer): Promise<{ texts: string[]; xml: string[]; files: string[] }> {
  const zip = await JSZip.loadAsync(pptx);
  const files = Object.keys(zip.files);
  const slides = files
    .filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f))
    .sort((a, b) => Number(/(\d+)\.xml/.exec(a)?.[1]) - Number(/(\d+)\.xml/.exec(b)?.[1]));
  const xml = await Promise.all(slides.map((f) => zip.file(f)?.async('string') ?? Promise.resolve('')));
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const texts = xml.map((x) => [...x.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => decode(m[1] ?? '')).join(' '));
  return { texts, xml, files };
}

const ENTITY = /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
const decodeXml = (text: string) =>
  text.replace(ENTITY, (_, e: string) =>
    e.startsWith('#')
      ? String.fromCodePoint(Number(e.startsWith('#x') ? `0x${e.slice(2)}` : e.slice(1)))
      : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as const)[e as 'amp'],
  );

/** A strict reading of a small XML part: balanced tags, every "&" an entity; element name → its text. */
function readXml(xml: string): Map<string, string> {
  const stack: string[] = [];
  const texts = new Map<string, string>();
  const body = xml.replace(/^\s*<\?xml[^>]*\?>/, '');
  for (const m of body.matchAll(/<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*")*)\s*(\/?)>|([^<]+)|(<)/g)) {
    const [, close, name = '', , selfClosing, text, stray] = m;
    if (stray) throw new Error('a "<" that starts no tag');
    if (text !== undefined) {
      if (text.replace(ENTITY, '').includes('&')) throw new Error(`a bare "&" in <${stack.at(-1) ?? ''}>`);
      if (stack.length > 0) texts.set(stack.at(-1)!, decodeXml(text));
    } else if (close) {
      if (stack.pop() !== name) throw new Error(`</${name}> closes nothing open`);
    } else if (!selfClosing) stack.push(name);
  }
  if (stack.length > 0) throw new Error(`<${stack.join('><')}> never closed`);
  return texts;
}

async function deckOf(user: TestUser, searchId: number, template = 'classic') {
  const res = await get(user, `/api/exports/searches/${searchId}/pptx?template=${template}`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toContain('presentationml.presentation');
  expect(res.headers['content-disposition']).toMatch(/filename="unbuilt-.*\.pptx"/);
  return res.rawPayload;
}

describe('pitch deck', () => {
  it('escapes every document property: "Smith & Sons <x>" reads back whole from app.xml and core.xml', async () => {
    const user = await createUser(t, PRO);
    const company = 'Smith & Sons <x>';
    const branding = await t.app.inject({
      method: 'PUT',
      url: '/api/exports/branding',
      headers: user.headers,
      payload: { companyName: company, accentColor: '#0f766e' },
    });
    expect(branding.statusCode, branding.body).toBe(200);
    const deck = await get(
      user,
      `/api/exports/searches/${await analysisOf(t, user, 'dental practice scheduling')}/pptx`,
    );
    expect(deck.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(deck.rawPayload);
    const app = readXml((await zip.file('docProps/app.xml')?.async('string')) ?? '');
    expect(app.get('Company')).toBe(company);
    const core = readXml((await zip.file('docProps/core.xml')?.async('string')) ?? '');
    expect(core.get('dc:creator')).toBe(company);
  });

  it('is Pro only, and another user’s analysis is a 404', async () => {
    const free = await createUser(t);
    const pro = await createUser(t, PRO);
    const id = await analysisOf(t, free, 'dental practice scheduling');
    const refused = await get(free, `/api/exports/searches/${id}/pptx`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('PLAN_REQUIRED');
    expect((await get(pro, `/api/exports/searches/${id}/pptx`)).statusCode).toBe(404);
    const own = await analysisOf(t, pro, 'dental practice scheduling');
    expect((await get(pro, `/api/exports/searches/${own}/pptx?template=neon`)).statusCode).toBe(400);
  });

  it.each(DECK_TEMPLATES)('has 13 slides in the %s template, in order, with user text as text', async (template) => {
    const pro = await createUser(t, PRO);
    const query = 'clinics <script>alert(1)</script> & "labs"';
    const id = await analysisOf(t, pro, query);
    const detail = (await get(pro, `/api/searches/${id}`)).json<{ data: SearchDetail }>().data;
    const top = detail.results[0];
    if (!top) throw new Error('the themed engine gives opportunities');
    const { texts, xml } = await slideTexts(await deckOf(pro, id, template));
    expect(texts).toHaveLength(13);
    const titles = [
      'Problem',
      'Customer',
      'Solution',
      'Why now',
      'Market size',
      'Competition',
      'Market map',
      'Business model',
    ];
    titles.forEach((title, i) => expect(texts[i + 1], title).toContain(title));
    expect(texts[9]).toContain('Financials');
    expect(texts[10]).toContain('Roadmap');
    expect(texts[11]).toContain('The ask');
    expect(texts[12]).toContain('Sources and method');
    expect(texts[0]).toContain(top.title);
    expect(texts[0]).toContain(query);
    expect(xml.join('')).not.toContain('<script>');
    expect(xml[0]).toContain('&lt;script&gt;');
    // Without a validated idea the deck says what is missing instead of inventing figures.
    expect(texts[9]).toContain('Missing: initial investment, expected monthly revenue and monthly expenses');
    expect(texts[10]).toContain('No action plan yet');
    for (const c of top.competitors.filter((c) => /\d{4}/.test(c.batch ?? ''))) expect(texts[6]).toContain(c.name);
  });

  it('takes financials from the validated idea and the roadmap from the action plan', async () => {
    const pro = await createUser(t, PRO);
    const id = await analysisOf(t, pro, 'veterinary telehealth for pet owners');
    const detail = (await get(pro, `/api/searches/${id}`)).json<{ data: SearchDetail }>().data;
    const second = detail.results.at(-1);
    if (!second) throw new Error('the themed engine gives opportunities');
    const idea = await t.app.inject({
      method: 'POST',
      url: '/api/ideas',
      headers: pro.headers,
      payload: {
        title: 'Vet video visits for rural pet owners',
        description: 'Video visits with a licensed veterinarian for pet owners far from a clinic.',
        targetMarket: 'Rural pet owners and small veterinary clinics',
        businessModel: 'Monthly subscription per clinic',
        category: 'healthcare',
        initialInvestment: 50_000,
        monthlyRevenue: 8_000,
        monthlyExpenses: 5_000,
        sourceSearchResultId: second.id,
      },
    });
    expect(idea.statusCode, idea.body).toBe(201);
    const ideaId = idea.json<{ data: { id: number } }>().data.id;
    const validated = await t.app.inject({
      method: 'POST',
      url: `/api/ideas/${ideaId}/validate`,
      headers: pro.headers,
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/action-plans',
      headers: pro.headers,
      payload: { searchResultId: second.id },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const planTitle = plan.json<{ data: { title: string } }>().data.title;

    const { texts, files } = await slideTexts(await deckOf(pro, id, 'bold'));
    expect(texts).toHaveLength(13);
    expect(texts[0]).toContain('Vet video visits for rural pet owners');
    expect(texts[1]).toContain(second.gapReason);
    expect(texts[8]).toContain('Monthly subscription per clinic');
    expect(texts[9]).toContain('Initial investment $50,000');
    expect(texts[9]).toMatch(/ROI at 12 months/);
    expect(files.some((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))).toBe(true);
    expect(texts[10]).toContain(planTitle);
    expect(texts[11]).toContain('Raising $50,000');
  });

  it(
    'opens in LibreOffice: one PDF page a slide, the competition slide naming every rival',
    { timeout: scaled(180_000) },
    async () => {
      const soffice = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => fs.existsSync(p));
      const pdfinfo = fs.existsSync('/usr/bin/pdfinfo') ? '/usr/bin/pdfinfo' : undefined;
      const pdftotext = fs.existsSync('/usr/bin/pdftotext') ? '/usr/bin/pdftotext' : undefined;
      expect(
        isCi && !(soffice && pdfinfo && pdftotext),
        'CI=true needs LibreOffice (libreoffice-impress) and poppler-utils',
      ).toBe(false);
      if (!soffice || !pdfinfo || !pdftotext) {
        console.log('LibreOffice check skipped: install libreoffice-impress and poppler-utils to run it.');
        return;
      }
      const pro = await createUser(t, PRO);
      const id = await analysisOf(t, pro, 'freight brokerage software');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-deck-'));
      try {
        for (const template of DECK_TEMPLATES) {
          const file = path.join(dir, `${template}.pptx`);
          fs.writeFileSync(file, await deckOf(pro, id, template));
          const converted = spawnSync(
            soffice,
            [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, file],
            { encoding: 'utf8', timeout: scaled(120_000) },
          );
          expect(converted.status, converted.stderr).toBe(0);
          const info = spawnSync(pdfinfo, [path.join(dir, `${template}.pdf`)], { encoding: 'utf8' });
          expect(info.status, info.stderr).toBe(0);
          expect(/^Pages:\s+(\d+)$/m.exec(info.stdout)?.[1], template).toBe('13');
          // Slide 7, Competition: every rival's name as LibreOffice drew it, "&" and all (issue 29).
          const text = spawnSync(pdftotext, ['-f', '7', '-l', '7', '-layout', path.join(dir, `${template}.pdf`), '-'], {
            encoding: 'utf8',
          });
          expect(text.status, text.stderr).toBe(0);
          const page = text.stdout.replace(/\s+/g, ' ');
          expect(page, template).toContain('Competition');
          for (const rival of RIVALS) expect(page, `${template}: ${rival.name}`).toContain(rival.name);
          expect(page).not.toContain('&amp;');
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
