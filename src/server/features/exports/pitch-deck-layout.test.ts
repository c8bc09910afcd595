import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThemedEngine, fakeAnalysis } from '../../test/fake-engine.ts';
import { createUser } from '../../test/factories.ts';
import { analysisOf, PRO } from '../../test/search-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { layoutLabels, overlaps, type Box } from './deck-labels.logic.ts';

// Issue 29: the deck's competition slide drew each competitor's name in a fixed 1.6-inch box beside its
// dot, so long names, and dots close together, ran into one another and into the text beside the grid.
// Labels are laid out from their measured text; here no two text boxes of the slide overlap.

const LONG_NAMES = [
  'Extraordinarily Long Name Legal Research Automation Platform Incorporated',
  'Casetext Legal Research Assistant For Litigators And Law Firms',
  'ROSS Intelligence Artificial Intelligence Legal Research',
  'Another Startup With A Very Long Descriptive Company Name',
  'Lexical Precedent Search And Brief Drafting Company',
  'Docket Alarm Litigation Analytics And Court Records',
  'Judicata Legal Research With Semantic Case Law Maps',
  'Supio Legal Evidence Review For Personal Injury Law',
  'Spellbook Contract Drafting Copilot For Lawyers',
  'Harvey Generative Artificial Intelligence For Elite Law',
];

const crowdedEngine: ReturnType<typeof createThemedEngine> = {
  analyze: ({ query, filters }) => {
    const analysis = fakeAnalysis(query, filters, 1);
    const o = analysis.opportunities[0]!;
    // Ten competitors in two adjacent batch years and one or two matched words: dots nearly on top of each other.
    o.competitors = LONG_NAMES.map((name, i) => ({
      name,
      source: 'yc' as const,
      verified: true,
      batch: i % 2 === 0 ? 'W2020' : 'S2021',
      match: {
        sentence: `${name} does legal research.`,
        words: i % 3 === 0 ? ['legal'] : ['legal', 'research'],
        by: 'words' as const,
      },
    }));
    o.competitorAnalysis =
      'Ten companies in the directory already serve legal research for lawyers, most of them founded in 2020 and 2021, several with long names.';
    return Promise.resolve(analysis);
  },
};

type TextShape = { text: string; box: Box };

/** Every shape of a slide that holds text, with its position in inches (EMU ÷ 914400). */
function textShapes(xml: string): TextShape[] {
  const shapes: TextShape[] = [];
  for (const [sp] of xml.matchAll(/<p:sp>[\s\S]*?<\/p:sp>/g)) {
    const text = [...sp.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1] ?? '').join('');
    const off = /<a:off x="(\d+)" y="(\d+)"\/>/.exec(sp);
    const ext = /<a:ext cx="(\d+)" cy="(\d+)"\/>/.exec(sp);
    if (!text.trim() || !off || !ext) continue;
    const inch = (v: string | undefined) => Number(v) / 914400;
    shapes.push({ text, box: { x: inch(off[1]), y: inch(off[2]), w: inch(ext[1]), h: inch(ext[2]) } });
  }
  return shapes;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ overrides: { searchEngine: crowdedEngine } });
});
afterAll(() => t.close());

describe('the competition slide (issue 29)', () => {
  it('lays out long names and crowded dots with no two text boxes overlapping, every name cut at a word', async () => {
    const user = await createUser(t, PRO);
    const id = await analysisOf(t, user, 'legal research for lawyers');
    for (const template of ['classic', 'bold', 'minimal']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/exports/searches/${id}/pptx?template=${template}`,
        headers: user.headers,
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const zip = await JSZip.loadAsync(res.rawPayload);
      const slides = await Promise.all(
        Object.keys(zip.files)
          .filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f))
          .map((f) => zip.file(f)!.async('string')),
      );
      const slide = slides.find((x) => x.includes('<a:t>Competition</a:t>'));
      expect(slide).toBeDefined();
      const shapes = textShapes(slide ?? '');
      const labels = shapes.filter((s) => / \(20\d\d\)$/.test(s.text));
      // Every competitor is either labelled on the grid or named in the note below it.
      const noteText = shapes.map((s) => s.text).join(' ');
      for (const name of LONG_NAMES) {
        const first = name.split(' ')[0] ?? '';
        expect(labels.some((l) => l.text.startsWith(first)) || noteText.includes(name)).toBe(true);
      }
      expect(labels.length).toBeGreaterThanOrEqual(5);
      for (const l of labels) expect(l.text).toMatch(/^[\w ]+(…)? \(20\d\d\)$/);
      const clashes: string[] = [];
      for (const [i, a] of shapes.entries()) {
        for (const b of shapes.slice(i + 1)) if (overlaps(a.box, b.box)) clashes.push(`${a.text} ✕ ${b.text}`);
      }
      expect(clashes, template).toEqual([]);
      for (const s of shapes) {
        expect(s.box.x + s.box.w).toBeLessThanOrEqual(10.001);
        expect(s.box.y + s.box.h).toBeLessThanOrEqual(5.626);
      }
    }
  });

  it('moves a label left of its dot at the grid’s right edge, and leaves off one that cannot fit', () => {
    const area = { x: 1, y: 2, w: 5.6, h: 0.2 };
    const edge = layoutLabels([{ label: 'Acme (2021)', dot: { cx: 6.4, cy: 2.1, r: 0.07 } }], area).placed[0];
    expect(edge?.align).toBe('right');
    expect((edge?.box.x ?? 0) + (edge?.box.w ?? 0)).toBeLessThanOrEqual(6.4);
    // Three dots on one spot in a one-line grid: right of it, left of it, then no room.
    const dot = { cx: 3.5, cy: 2.1, r: 0.07 };
    const { placed } = layoutLabels(
      ['Alpha (2020)', 'Bravo (2020)', 'Charlie (2020)'].map((label) => ({ label, dot })),
      area,
    );
    expect(placed.map((p) => p?.align ?? null)).toEqual(['left', 'right', null]);
  });
});
