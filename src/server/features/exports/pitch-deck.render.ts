import type PptxGenJS from 'pptxgenjs';
import { DEFAULT_ACCENT } from '#shared/exports/branding.schemas.ts';
import type { DeckTemplateId } from '#shared/exports/deck.schemas.ts';
import type { ReportBranding } from './branding.service.ts';
import { shortenAtWord } from '#shared/searches/evidence-title.ts';
import { LABEL_FONT_PT, layoutLabels } from './deck-labels.logic.ts';
import { deckSlides, type DeckInput, type DeckSlide } from './pitch-deck-content.logic.ts';

// The pitch deck as PPTX (pptxgenjs 4.0.1, STACK-NOTES), drawn from deckSlides(): 13 slides in one of
// three templates. Text is set as text runs (nothing is parsed), the positioning grid is shapes, the
// market map a native table, the financials chart a native chart, so the file opens in PowerPoint and
// LibreOffice alike.

type Template = { background: string; text: string; muted: string; font: string; titleFont: string; bar: boolean };
const TEMPLATES: Record<DeckTemplateId, Template> = {
  classic: { background: 'FFFFFF', text: '111827', muted: '4B5563', font: 'Arial', titleFont: 'Arial', bar: true },
  bold: { background: '111827', text: 'F9FAFB', muted: 'D1D5DB', font: 'Arial', titleFont: 'Arial Black', bar: false },
  minimal: { background: 'FAFAF9', text: '1C1917', muted: '57534E', font: 'Georgia', titleFont: 'Georgia', bar: false },
};

const W = 10;
const H = 5.625;
const hex = (color: string) => color.replace(/^#/, '').toUpperCase();

type Ctx = { pptx: PptxGenJS; t: Template; accent: string; footer: string; logo: ReportBranding['logo'] };

function base(ctx: Ctx, title: string): PptxGenJS.Slide {
  const { pptx, t, accent } = ctx;
  const slide = pptx.addSlide();
  slide.background = { color: t.background };
  if (t.bar)
    slide.addShape(pptx.ShapeType.rect, {
      x: 0,
      y: 0,
      w: 0.18,
      h: H,
      fill: { color: accent },
      line: { color: accent },
    });
  // A branded deck carries its logo in the top right corner of every slide; the title makes room for it.
  if (ctx.logo) slide.addImage(logoImage(ctx.logo, { x: W - 1.75, y: 0.35, w: 1.35, h: 0.5 }));
  slide.addText(title, {
    x: 0.5,
    y: 0.3,
    w: ctx.logo ? W - 2.4 : W - 1,
    h: 0.7,
    fontFace: t.titleFont,
    fontSize: 26,
    bold: true,
    color: t.bar ? t.text : accent,
  });
  slide.addText(ctx.footer, { x: 0.5, y: H - 0.4, w: W - 1, h: 0.3, fontFace: t.font, fontSize: 9, color: t.muted });
  return slide;
}

function bulletList(
  ctx: Ctx,
  slide: PptxGenJS.Slide,
  items: string[],
  box: { x: number; y: number; w: number; h: number },
) {
  if (items.length === 0) return;
  slide.addText(
    items.map((text) => ({ text, options: { bullet: true, breakLine: true } })),
    { ...box, fontFace: ctx.t.font, fontSize: 13, color: ctx.t.text, valign: 'top', fit: 'shrink', paraSpaceAfter: 4 },
  );
}

function lead(ctx: Ctx, slide: PptxGenJS.Slide, text: string, h = 1.1) {
  slide.addText(text, {
    x: 0.5,
    y: 1.05,
    w: W - 1,
    h,
    fontFace: ctx.t.font,
    fontSize: 15,
    color: ctx.t.text,
    valign: 'top',
    fit: 'shrink',
  });
}

function note(
  ctx: Ctx,
  slide: PptxGenJS.Slide,
  text: string | undefined,
  place: { y: number; h: number } = { y: H - 0.95, h: 0.5 },
) {
  if (!text) return;
  slide.addText(text, {
    x: 0.5,
    ...place,
    w: W - 1,
    fontFace: ctx.t.font,
    fontSize: 11,
    italic: true,
    color: ctx.t.muted,
    valign: 'top',
    fit: 'shrink',
  });
}

/** The competition grid: the box, its axes, a dot a competitor and labels laid out so none overlap (deck-labels.logic.ts). */
function grid(ctx: Ctx, slide: PptxGenJS.Slide, s: Extract<DeckSlide, { kind: 'grid' }>): string[] {
  const { pptx, t, accent } = ctx;
  const box = { x: 1.0, y: 1.95, w: 5.6, h: 2.45 };
  slide.addShape(pptx.ShapeType.rect, { ...box, fill: { color: t.background }, line: { color: t.muted, width: 1 } });
  slide.addShape(pptx.ShapeType.line, {
    x: box.x + box.w / 2,
    y: box.y,
    w: 0,
    h: box.h,
    line: { color: t.muted, width: 0.5, dashType: 'dash' },
  });
  slide.addShape(pptx.ShapeType.line, {
    x: box.x,
    y: box.y + box.h / 2,
    w: box.w,
    h: 0,
    line: { color: t.muted, width: 0.5, dashType: 'dash' },
  });
  slide.addText(s.xLabel, {
    x: box.x,
    y: box.y + box.h + 0.02,
    w: box.w,
    h: 0.25,
    fontFace: t.font,
    fontSize: 9,
    color: t.muted,
    align: 'center',
  });
  slide.addText(s.yLabel, {
    x: 0.2,
    y: box.y,
    w: 0.75,
    h: box.h,
    fontFace: t.font,
    fontSize: 9,
    color: t.muted,
    valign: 'middle',
  });
  const xs = s.points.map((p) => p.x);
  const ys = s.points.map((p) => p.y);
  const [minX, maxX, maxY] = [Math.min(...xs), Math.max(...xs), Math.max(1, ...ys)];
  const dots = s.points.map((p) => {
    const fx = maxX === minX ? 0.5 : (p.x - minX) / (maxX - minX);
    return {
      label: `${shortenAtWord(p.label, 22)} (${p.x})`,
      name: p.label,
      dot: {
        cx: box.x + 0.15 + fx * (box.w - 0.3),
        cy: box.y + box.h - 0.15 - (p.y / maxY) * (box.h - 0.3),
        r: 0.07,
      },
    };
  });
  for (const { dot } of dots) {
    slide.addShape(pptx.ShapeType.ellipse, {
      x: dot.cx - dot.r,
      y: dot.cy - dot.r,
      w: 2 * dot.r,
      h: 2 * dot.r,
      fill: { color: accent },
      line: { color: accent },
    });
  }
  const { placed } = layoutLabels(dots, box);
  const unlabelled: string[] = [];
  placed.forEach((label, i) => {
    if (!label) {
      unlabelled.push(dots[i]?.name ?? '');
      return;
    }
    slide.addText(label.text, {
      ...label.box,
      fontFace: t.font,
      fontSize: LABEL_FONT_PT,
      color: t.text,
      align: label.align,
      valign: 'middle',
      margin: 0,
      wrap: false,
    });
  });
  slide.addText(s.lead, {
    x: 6.8,
    y: box.y,
    w: 2.8,
    h: box.h,
    fontFace: t.font,
    fontSize: 11,
    color: t.text,
    valign: 'top',
    fit: 'shrink',
  });
  return unlabelled;
}

// Segment, job, opportunity, score, supply, establishments, people doing the work, growth (inches, 9 in all).
const MAP_COLUMNS = [1.05, 1.0, 1.45, 0.75, 1.3, 1.15, 1.55, 0.75];

/** The market map: a native table (text a reader can select and a screen reader reads), header row in the accent. */
function table(ctx: Ctx, slide: PptxGenJS.Slide, s: Extract<DeckSlide, { kind: 'table' }>) {
  const { t, accent } = ctx;
  const cell = (text: string) => ({ text, options: { color: t.text } });
  slide.addTable(
    [
      s.headers.map((text) => ({ text, options: { bold: true, color: 'FFFFFF', fill: { color: accent } } })),
      ...s.rows.map((row) => row.map(cell)),
    ],
    {
      x: 0.5,
      y: 1.5,
      w: W - 1,
      colW: MAP_COLUMNS,
      fontFace: t.font,
      fontSize: 8,
      border: { type: 'solid', pt: 0.5, color: t.muted },
      valign: 'top',
      autoPage: false,
    },
  );
}

function draw(ctx: Ctx, s: DeckSlide) {
  const { pptx, t, accent } = ctx;
  if (s.kind === 'title') {
    const slide = pptx.addSlide();
    slide.background = { color: t.background };
    slide.addShape(pptx.ShapeType.rect, {
      x: 0,
      y: H - 0.25,
      w: W,
      h: 0.25,
      fill: { color: accent },
      line: { color: accent },
    });
    slide.addText(s.title, {
      x: 0.6,
      y: 1.3,
      w: W - 1.2,
      h: 1.5,
      fontFace: t.titleFont,
      fontSize: 34,
      bold: true,
      color: t.text,
      fit: 'shrink',
    });
    slide.addText(s.subtitle, {
      x: 0.6,
      y: 2.9,
      w: W - 1.2,
      h: 0.8,
      fontFace: t.font,
      fontSize: 18,
      color: t.muted,
      fit: 'shrink',
    });
    slide.addText(s.footnote, { x: 0.6, y: 4.2, w: W - 1.2, h: 0.4, fontFace: t.font, fontSize: 12, color: t.muted });
    if (ctx.logo) slide.addImage(logoImage(ctx.logo, { x: 0.6, y: 0.35, w: 2.4, h: 0.8 }));
    return;
  }
  const slide = base(ctx, s.title);
  if (s.kind === 'grid') {
    const unlabelled = grid(ctx, slide, s);
    const crowded = unlabelled.length > 0 ? ` Not labelled for room: ${unlabelled.join(', ')}.` : '';
    note(ctx, slide, `${s.note}${crowded}`, { y: 4.72, h: 0.45 });
    return;
  }
  if (s.kind === 'table') {
    lead(ctx, slide, s.lead, 0.4);
    table(ctx, slide, s);
    note(ctx, slide, s.note, { y: 4.55, h: 0.6 });
    return;
  }
  lead(ctx, slide, s.lead, s.kind === 'chart' ? 0.5 : 1.1);
  if (s.kind === 'chart') {
    bulletList(ctx, slide, s.bullets, { x: 0.5, y: 1.6, w: 4.2, h: 3.2 });
    slide.addChart(pptx.ChartType.line, [s.series], {
      x: 4.9,
      y: 1.6,
      w: 4.7,
      h: 3.2,
      chartColors: [hex(accent)],
      showLegend: true,
      legendPos: 'b',
      legendFontSize: 9,
      legendColor: t.muted,
      catAxisLabelColor: t.muted,
      valAxisLabelColor: t.muted,
      catAxisLabelFontSize: 8,
      valAxisLabelFontSize: 8,
      valAxisLabelFormatCode: '$#,##0',
      lineDataSymbol: 'none',
    });
    return;
  }
  bulletList(ctx, slide, s.bullets, { x: 0.5, y: 2.2, w: W - 1, h: s.note ? 2.2 : 2.8 });
  note(ctx, slide, s.note);
}

/** The logo fitted inside a box, its proportions kept. */
function logoImage(logo: NonNullable<ReportBranding['logo']>, box: { x: number; y: number; w: number; h: number }) {
  const scale = Math.min(box.w / logo.width, box.h / logo.height);
  return {
    data: `${logo.mimeType};base64,${logo.data.toString('base64')}`,
    x: box.x,
    y: box.y,
    w: logo.width * scale,
    h: logo.height * scale,
  };
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The deck as a PPTX file, or null when the analysis has no opportunity to pitch. */
export async function renderPitchDeck(
  input: DeckInput,
  template: DeckTemplateId,
  branding: ReportBranding | null,
): Promise<{ body: Buffer; slides: number } | null> {
  const companyName = branding?.companyName ?? null;
  const slides = deckSlides(input, companyName, branding !== null);
  if (slides.length === 0) return null;
  // Loaded on first use: about a second of start-up for every server process otherwise.
  const { default: PptxGen } = await import('pptxgenjs');
  const pptx = new PptxGen();
  pptx.layout = 'LAYOUT_16x9';
  pptx.title = slides[0]?.title ?? 'Pitch deck';
  // pptxgenjs escapes the title and author it writes into docProps/core.xml but writes the company into
  // docProps/app.xml as it is: "Smith & Sons" made that part malformed (issue 32). pitch-deck.test parses both.
  pptx.company = escapeXml(companyName ?? '');
  pptx.author = companyName ?? '';
  // A branded deck never names Unbuilt; its footer is the company (or the analysis when no name is set).
  const footer = branding
    ? (companyName ?? `From the analysis “${input.snapshot.query}”`)
    : `Made with Unbuilt from the analysis “${input.snapshot.query}”`;
  const ctx: Ctx = {
    pptx,
    t: TEMPLATES[template],
    accent: hex(branding?.accentColor ?? DEFAULT_ACCENT),
    footer,
    logo: branding?.logo ?? null,
  };
  slides.forEach((s) => draw(ctx, s));
  const out = await pptx.write({ outputType: 'nodebuffer' });
  if (!Buffer.isBuffer(out)) throw new Error('pptxgenjs did not return a buffer');
  return { body: out, slides: slides.length };
}
