import type { Evidence } from '#shared/engine/analysis.schemas.ts';
import { citedTitles, evidenceTitle, evidenceValueBesideNote } from '#shared/searches/evidence-title.ts';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create as openFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import { DEFAULT_ACCENT } from '#shared/exports/branding.schemas.ts';
import { EVIDENCE_SOURCES, type EvidenceSource } from '#shared/engine/analysis.schemas.ts';
import type { ReportBranding } from './branding.service.ts';
import { attributionOf, type Attribution } from './report-attribution.logic.ts';

// What every PDF report shares (analysis, validated idea, action plan): the embedded font, text helpers,
// score bars, the cover, the sources page and the page footers, in the account's branding when it has one.
// Drawn with pdfkit (no browser, no HTML: user text is written as text runs, so a title with <script> in it
// is those characters on the page). docs/decisions/017, 023 and 028.

export type Doc = PDFKit.PDFDocument;
export const MUTED = '#555555';
export const TEXT = '#111111';
const PAGE_MARGIN = 50;
const UNBRANDED_NAME = 'Unbuilt';

// An embedded Unicode font (DejaVu Sans from the dejavu-fonts-ttf package, Bitstream Vera licence: free to
// embed and redistribute; read from node_modules, no network), so Latin, Greek, Cyrillic, Hebrew, Arabic
// and many symbols print as written. Scripts it has no glyphs for (Chinese, Japanese, Korean, Thai, Indic…)
// print as "?" rather than as empty boxes: the reader sees that something was there. pdfkit embeds only
// the glyphs used (a subset), so a report grows by tens of KB, not by the font's 750 KB.
const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const REGULAR = fs.readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf'));
const BOLD = fs.readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'));
const COVERAGE = openFont(REGULAR);
const FONT = 'Body';
const FONT_BOLD = 'Body-Bold';

/** Text as the embedded font can print it: control characters dropped, characters it lacks as "?". */
export function pdfText(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\n') out += ch;
    else if (code === 0x09) out += ' ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else out += COVERAGE.hasGlyphForCodePoint(code) ? ch : '?';
  }
  return out;
}

/** A report being drawn: the document and the branding it is drawn in (Unbuilt's when `branding` is null). */
export type Report = {
  doc: Doc;
  accent: string;
  /** The name on the cover and in the footers: the company's, "Unbuilt" unbranded, null for a branded report without one. */
  brandName: string | null;
  branding: ReportBranding | null;
  kind: string;
  done: Promise<Buffer>;
};

export function startReport(options: { kind: string; title: string; branding: ReportBranding | null }): Report {
  const { branding } = options;
  const brandName = branding ? branding.companyName : UNBRANDED_NAME;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    bufferPages: true,
    info: {
      Title: pdfText(options.title),
      ...(brandName ? { Author: pdfText(brandName) } : {}),
      Creator: brandName ? pdfText(brandName) : options.kind,
      Producer: brandName ? pdfText(brandName) : options.kind,
    },
  });
  doc.registerFont(FONT, REGULAR);
  doc.registerFont(FONT_BOLD, BOLD);
  doc.font(FONT);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, accent: branding?.accentColor ?? DEFAULT_ACCENT, brandName, branding, kind: options.kind, done };
}

export function contentWidth(doc: Doc): number {
  return doc.page.width - PAGE_MARGIN * 2;
}

export function heading(doc: Doc, text: string, size: number, color = TEXT): void {
  doc
    .font(FONT_BOLD)
    .fontSize(size)
    .fillColor(color)
    .text(pdfText(text), { width: contentWidth(doc) });
  doc.moveDown(0.3);
}

export function paragraph(doc: Doc, text: string, options: { size?: number; color?: string } = {}): void {
  doc
    .font(FONT)
    .fontSize(options.size ?? 10)
    .fillColor(options.color ?? TEXT)
    .text(pdfText(text), { width: contentWidth(doc) });
  doc.moveDown(0.4);
}

export function boldLine(doc: Doc, text: string, size = 10): void {
  doc
    .font(FONT_BOLD)
    .fontSize(size)
    .fillColor(TEXT)
    .text(pdfText(text), { width: contentWidth(doc) });
}

export function labelled(doc: Doc, label: string, text: string): void {
  boldLine(doc, label);
  paragraph(doc, text);
}

export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - PAGE_MARGIN) doc.addPage();
}

/** Horizontal 0-100 bars, drawn as vector rectangles; a null value is written as "n/a" without a bar. */
/** Horizontal 0–100 bars; a null value draws no bar and says why (`missing`, default "n/a"). */
export function scoreBars(
  doc: Doc,
  bars: readonly { label: string; value: number | null; missing?: string }[],
  accent: string,
): void {
  const labelWidth = 90;
  const barWidth = contentWidth(doc) - labelWidth - 56;
  ensureSpace(doc, bars.length * 16 + 10);
  for (const bar of bars) {
    const y = doc.y;
    doc.font(FONT).fontSize(9).fillColor(TEXT).text(pdfText(bar.label), PAGE_MARGIN, y, { width: labelWidth });
    doc.rect(PAGE_MARGIN + labelWidth, y, barWidth, 9).fill('#e5e7eb');
    if (bar.value !== null) {
      const value = Math.max(0, Math.min(100, bar.value));
      doc.rect(PAGE_MARGIN + labelWidth, y, (barWidth * value) / 100, 9).fill(accent);
    }
    doc
      .fillColor(TEXT)
      .text(
        bar.value === null ? (bar.missing ?? 'n/a') : String(bar.value),
        PAGE_MARGIN + labelWidth + barWidth + 6,
        y,
        {
          width: 50,
        },
      );
    doc.x = PAGE_MARGIN;
    doc.y = y + 15;
  }
  doc.moveDown(0.5);
}

/**
 * A table of text (header row in bold, repeated nowhere: pdfkit breaks pages between rows). `widths` are
 * fractions of the content width. Written as text runs like every other line, so a reader can copy it.
 */
export function textTable(
  doc: Doc,
  headers: readonly string[],
  rows: readonly string[][],
  widths: readonly number[],
): void {
  const width = contentWidth(doc);
  const cell = (text: string, isHeader = false) => ({
    text: pdfText(text),
    ...(isHeader ? { font: { src: FONT_BOLD }, type: 'TH' as const } : {}),
  });
  doc.font(FONT).fontSize(7.5).fillColor(TEXT);
  doc.table({
    position: { x: PAGE_MARGIN, y: doc.y },
    maxWidth: width,
    columnStyles: widths.map((w) => width * w),
    defaultStyle: { border: 0.5, borderColor: '#d1d5db', padding: [3, 3, 3, 3] },
    data: [
      headers.map((h) => cell(h, true)),
      ...rows.map((row) => {
        // A row shorter than the headers (an empty pair) spans its last cell over the rest.
        const spanned = row.map((text) => cell(text));
        const last = spanned.at(-1);
        if (last && row.length < headers.length) Object.assign(last, { colSpan: headers.length - row.length + 1 });
        return spanned;
      }),
    ],
  });
  doc.x = PAGE_MARGIN;
  doc.moveDown(0.5);
}

/**
 * The cover: accent band, the logo and company name (or "Unbuilt"), the report's kind in white on the accent
 * colour (its contrast with white is checked when the colour is saved), then the title and facts.
 */
export function cover(report: Report, title: string, facts: { text: string; color?: string }[]): void {
  const { doc, accent, branding, brandName } = report;
  doc.rect(0, 0, doc.page.width, 12).fill(accent);
  let y = 70;
  if (branding?.logo) {
    doc.image(branding.logo.data, PAGE_MARGIN, y, { fit: [200, 64] });
    y += 76;
  }
  doc.x = PAGE_MARGIN;
  doc.y = y;
  if (brandName) heading(doc, brandName, 14, accent);
  const band = Math.max(doc.y + 12, 150);
  doc.rect(PAGE_MARGIN, band, contentWidth(doc), 46).fill(accent);
  doc
    .font(FONT_BOLD)
    .fontSize(22)
    .fillColor('#ffffff')
    .text(pdfText(report.kind), PAGE_MARGIN + 14, band + 11, { width: contentWidth(doc) - 28 });
  doc.x = PAGE_MARGIN;
  doc.y = band + 66;
  paragraph(doc, title, { size: 18 });
  doc.moveDown(0.6);
  for (const fact of facts) paragraph(doc, fact.text, { color: fact.color ?? MUTED });
}

/** A source's label and attribution as this report prints them. */
export function sourceAttribution(report: Report, source: EvidenceSource): Attribution {
  return attributionOf(source, report.branding !== null);
}

/** The sources every cited evidence row came from, with their attribution (kept in every branding). */
export function sourcesPage(report: Report, used: ReadonlySet<string>): void {
  const { doc } = report;
  doc.addPage();
  heading(doc, 'Sources and attribution', 18);
  const cited = EVIDENCE_SOURCES.filter((s: EvidenceSource) => used.has(s));
  if (cited.length === 0) paragraph(doc, 'No external source is cited in this report.');
  for (const source of cited) {
    const a = sourceAttribution(report, source);
    labelled(doc, a.label, a.url ? `${a.attribution}. ${a.url}` : `${a.attribution}.`);
  }
  paragraph(
    doc,
    report.branding
      ? 'Scores are computed from the evidence above; they are estimates, not advice.'
      : 'Scores are computed by Unbuilt from the evidence above; they are estimates, not advice.',
    { size: 9, color: MUTED },
  );
}

/** Writes the footer of every page ("brand · kind · page n of N") and closes the document. */
export function finishReport(report: Report): Promise<Buffer> {
  const { doc } = report;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const footer = [report.brandName, report.kind, `page ${i - range.start + 1} of ${range.count}`]
      .filter(Boolean)
      .join(' · ');
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(MUTED)
      .text(pdfText(footer), PAGE_MARGIN, doc.page.height - 32, { width: contentWidth(doc), align: 'center' });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return report.done;
}

/** " [Laika (W21, Active); NAICS 621210 Offices of dentists]": cited evidence by title (issue 29: raw ids), or "". */
export function cited(ids: readonly string[], evidence: readonly Evidence[]): string {
  return ids.length ? ` [${citedTitles(ids, evidence).join('; ')}]` : '';
}

/** One evidence row of a report's evidence list, led by its title; `ref` is the source's own reference. */
export function evidenceLine(report: Report, e: Evidence): string {
  const shown = evidenceValueBesideNote(e);
  const value = shown === null ? '' : ` · value ${shown}`;
  const title = evidenceTitle(e);
  // The title is the note itself when the note is short: printed once, not twice.
  const note = title === e.note.trim() ? '' : `: ${e.note}`;
  return `${title} — ${sourceAttribution(report, e.source).label}, ref ${e.ref}${value}${e.date ? ` · ${e.date}` : ''}${note}${e.url ? ` ${e.url}` : ''}`;
}

export function round(n: number): string {
  return String(Math.round(n * 100) / 100);
}
