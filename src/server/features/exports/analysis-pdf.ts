import fs from 'node:fs';
import { createRequire } from 'node:module';
import { create as openFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import path from 'node:path';
import { SOURCE_ATTRIBUTION, EVIDENCE_SOURCES, type Opportunity } from '#shared/engine/analysis.schemas.ts';
import { categoryLabel, MARKET_POTENTIAL_LABELS } from '#shared/searches/filter-options.ts';
import type { AnalysisSnapshot } from '../../lib/analysis-snapshot.ts';

// The PDF report of an analysis, drawn with pdfkit (no browser, no HTML: user text is written as text
// runs, so a title with <script> in it is those characters on the page). Cover, summary with a vector
// chart of the scores, one section per opportunity (scores, breakdown, competitors, evidence with its
// source), and the sources with their attribution. docs/decisions/017-exports-and-sharing.md.

export type ReportBranding = { companyName: string; accentColor: string };

const DEFAULT_BRANDING: ReportBranding = { companyName: 'Unbuilt', accentColor: '#4f46e5' };
const MUTED = '#555555';
const TEXT = '#111111';
const PAGE_MARGIN = 50;

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

const SCORE_BARS = [
  ['Opportunity', (o: Opportunity) => Math.round(o.opportunityScore)],
  ['Innovation', (o: Opportunity) => o.innovationScore],
  ['Market size', (o: Opportunity) => o.marketSize],
  ['Feasibility', (o: Opportunity) => o.feasibility],
  ['Confidence', (o: Opportunity) => o.confidenceScore],
] as const;

type Doc = PDFKit.PDFDocument;

function contentWidth(doc: Doc): number {
  return doc.page.width - PAGE_MARGIN * 2;
}

function heading(doc: Doc, text: string, size: number, color = TEXT): void {
  doc
    .font(FONT_BOLD)
    .fontSize(size)
    .fillColor(color)
    .text(pdfText(text), { width: contentWidth(doc) });
  doc.moveDown(0.3);
}

function paragraph(doc: Doc, text: string, options: { size?: number; color?: string } = {}): void {
  doc
    .font(FONT)
    .fontSize(options.size ?? 10)
    .fillColor(options.color ?? TEXT)
    .text(pdfText(text), { width: contentWidth(doc) });
  doc.moveDown(0.4);
}

function labelled(doc: Doc, label: string, text: string): void {
  doc
    .font(FONT_BOLD)
    .fontSize(10)
    .fillColor(TEXT)
    .text(pdfText(label), { width: contentWidth(doc) });
  paragraph(doc, text);
}

function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - PAGE_MARGIN) doc.addPage();
}

/** Horizontal 0-100 bars, drawn as vector rectangles. */
function scoreBars(doc: Doc, bars: readonly { label: string; value: number }[], accent: string): void {
  const labelWidth = 90;
  const barWidth = contentWidth(doc) - labelWidth - 40;
  ensureSpace(doc, bars.length * 16 + 10);
  for (const bar of bars) {
    const y = doc.y;
    const value = Math.max(0, Math.min(100, bar.value));
    doc.font(FONT).fontSize(9).fillColor(TEXT).text(pdfText(bar.label), PAGE_MARGIN, y, { width: labelWidth });
    doc.rect(PAGE_MARGIN + labelWidth, y, barWidth, 9).fill('#e5e7eb');
    doc.rect(PAGE_MARGIN + labelWidth, y, (barWidth * value) / 100, 9).fill(accent);
    doc.fillColor(TEXT).text(String(value), PAGE_MARGIN + labelWidth + barWidth + 6, y, { width: 34 });
    doc.x = PAGE_MARGIN;
    doc.y = y + 15;
  }
  doc.moveDown(0.5);
}

function cover(doc: Doc, snapshot: AnalysisSnapshot, branding: ReportBranding): void {
  doc.rect(0, 0, doc.page.width, 12).fill(branding.accentColor);
  doc.y = 140;
  heading(doc, branding.companyName, 14, branding.accentColor);
  heading(doc, 'Market-gap report', 28);
  doc.moveDown(0.5);
  paragraph(doc, snapshot.query, { size: 18 });
  doc.moveDown(1);
  const count = snapshot.opportunities.length;
  paragraph(
    doc,
    `Analysis of ${snapshot.timestamp.toISOString().slice(0, 10)} · ${count} ${count === 1 ? 'opportunity' : 'opportunities'}`,
    {
      color: MUTED,
    },
  );
  paragraph(
    doc,
    `Corpus ${snapshot.analysis.corpusVersion} (${snapshot.analysis.corpusKind === 'seed' ? 'sample data' : 'full data'}) · rubric ${snapshot.analysis.rubricVersion}`,
    { color: MUTED },
  );
  if (snapshot.analysis.status === 'insufficient_data') {
    paragraph(doc, `Not enough data for a confident answer: ${snapshot.analysis.reason ?? ''}`, { color: '#b91c1c' });
  }
  doc.moveDown(2);
  paragraph(
    doc,
    'Every score in this report is computed from the evidence listed with it; the last pages name each source and its licence.',
    { size: 9, color: MUTED },
  );
}

function summary(doc: Doc, snapshot: AnalysisSnapshot, branding: ReportBranding): void {
  doc.addPage();
  heading(doc, 'Summary', 18);
  if (snapshot.opportunities.length === 0) {
    paragraph(doc, 'No opportunities were found for this market.');
    return;
  }
  for (const o of snapshot.opportunities) {
    ensureSpace(doc, 40);
    doc
      .font(FONT_BOLD)
      .fontSize(10)
      .fillColor(TEXT)
      .text(pdfText(`${o.rank}. ${o.title}`), { width: contentWidth(doc) });
    paragraph(
      doc,
      `${categoryLabel(o.category)} · opportunity ${Math.round(o.opportunityScore)}/100 · potential ${MARKET_POTENTIAL_LABELS[o.marketPotential]} · ${o.priority} priority`,
      { size: 9, color: MUTED },
    );
  }
  doc.moveDown(0.5);
  heading(doc, 'Opportunity scores (0-100)', 12);
  scoreBars(
    doc,
    snapshot.opportunities.map((o) => ({ label: `#${o.rank}`, value: Math.round(o.opportunityScore) })),
    branding.accentColor,
  );
}

function opportunitySection(doc: Doc, o: Opportunity, branding: ReportBranding): void {
  doc.addPage();
  heading(doc, `${o.rank}. ${o.title}`, 16);
  paragraph(
    doc,
    `${categoryLabel(o.category)} · ${o.cell.offering} for ${o.cell.segment} · potential ${MARKET_POTENTIAL_LABELS[o.marketPotential]} · ${o.priority} priority`,
    { size: 9, color: MUTED },
  );
  scoreBars(
    doc,
    SCORE_BARS.map(([label, read]) => ({ label, value: read(o) })),
    branding.accentColor,
  );
  paragraph(doc, o.description);
  labelled(doc, 'Why this gap exists', o.gapReason);
  labelled(doc, 'Target audience', o.targetAudience);
  labelled(doc, 'Industry context', o.industryContext);
  labelled(doc, 'Competitor analysis', o.competitorAnalysis);

  ensureSpace(doc, 60);
  heading(doc, `Competitors (${o.competitors.length})`, 12);
  if (o.competitors.length === 0) paragraph(doc, 'None found in the data.');
  for (const c of o.competitors) {
    const facts = [c.status, c.batch, c.verified ? 'verified in the data' : 'not verified'].filter(Boolean).join(' · ');
    paragraph(
      doc,
      `${c.name}${facts ? ` (${facts})` : ''}${c.oneLiner ? `: ${c.oneLiner}` : ''}${c.url ? ` ${c.url}` : ''}`,
      {
        size: 9,
      },
    );
  }

  ensureSpace(doc, 60);
  heading(doc, 'How the opportunity score was computed', 12);
  paragraph(doc, o.breakdown.opportunityScore.formula, { size: 9, color: MUTED });
  for (const f of o.breakdown.opportunityScore.factors) {
    paragraph(
      doc,
      `${f.label}: value ${round(f.value)} × weight ${round(f.weight)} = ${round(f.contribution)}. ${f.explanation}${f.evidenceIds.length ? ` [${f.evidenceIds.join(', ')}]` : ''}`,
      { size: 9 },
    );
  }

  ensureSpace(doc, 60);
  heading(doc, `Evidence (${o.evidence.length})`, 12);
  for (const e of o.evidence) {
    const value = e.value === null ? '' : ` · value ${String(e.value)}`;
    paragraph(
      doc,
      `[${e.id}] ${SOURCE_ATTRIBUTION[e.source].label} ${e.ref}${value}${e.date ? ` · ${e.date}` : ''}: ${e.note}${e.url ? ` ${e.url}` : ''}`,
      { size: 8 },
    );
  }
  if (o.riskFlags.length > 0) labelled(doc, 'Risk flags', o.riskFlags.join('; '));
  if (o.actionableRecommendations.length > 0) labelled(doc, 'Recommendations', o.actionableRecommendations.join('; '));
}

function round(n: number): string {
  return String(Math.round(n * 100) / 100);
}

function sources(doc: Doc, snapshot: AnalysisSnapshot): void {
  doc.addPage();
  heading(doc, 'Sources and attribution', 18);
  const used = new Set<string>(snapshot.analysis.corpusSources);
  for (const o of snapshot.opportunities) for (const e of o.evidence) used.add(e.source);
  for (const source of EVIDENCE_SOURCES.filter((s) => used.has(s))) {
    const a = SOURCE_ATTRIBUTION[source];
    labelled(doc, a.label, `${a.attribution}. ${a.url}`);
  }
  paragraph(doc, 'Scores are computed by Unbuilt from the evidence above; they are estimates, not advice.', {
    size: 9,
    color: MUTED,
  });
}

export function renderAnalysisPdf(
  snapshot: AnalysisSnapshot,
  branding: ReportBranding = DEFAULT_BRANDING,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: {
      Title: pdfText(`Market-gap report: ${snapshot.query}`),
      Author: pdfText(branding.companyName),
      Creator: 'Unbuilt',
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
  cover(doc, snapshot, branding);
  summary(doc, snapshot, branding);
  for (const o of snapshot.opportunities) opportunitySection(doc, o, branding);
  sources(doc, snapshot);
  doc.end();
  return done;
}
