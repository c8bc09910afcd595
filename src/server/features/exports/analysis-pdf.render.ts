import { formatScoreOutOf, formatSize, scoreValue } from '#shared/app/score-format.ts';
import type { Opportunity } from '#shared/engine/analysis.schemas.ts';
import { deriveMarketMap, MAP_TABLE_HEADERS, mapSummary, mapTableRows } from '#shared/engine/market-map.ts';
import { categoryLabel, MARKET_POTENTIAL_LABELS } from '#shared/searches/filter-options.ts';
import { UNCHANGED_RUN_LINE, type WatchRunDto } from '#shared/watches/watches.schemas.ts';
import {
  answerChangeLine,
  LATEST_RUN_INTRO,
  runHasChanges,
  whatChangedSections,
} from '#shared/watches/what-changed-text.ts';
import type { AnalysisSnapshot } from '../../lib/domain/analysis-snapshot.ts';
import type { ReportBranding } from './branding.service.ts';
import {
  boldLine,
  cited,
  evidenceLine,
  cover,
  ensureSpace,
  finishReport,
  heading,
  labelled,
  MUTED,
  paragraph,
  round,
  scoreBars,
  sourcesPage,
  startReport,
  textTable,
  type Doc,
  type Report,
} from './pdf-report.render.ts';

// The PDF report of an analysis: cover, summary with a vector chart of the scores, one section per
// opportunity (scores, breakdown, competitors, evidence with its source), and the sources with their
// attribution. docs/decisions/017-exports-and-sharing.md.

const SCORE_BARS = [
  ['Opportunity', (o: Opportunity) => scoreValue(o.opportunityScore)],
  ['Innovation', (o: Opportunity) => scoreValue(o.innovationScore)],
  ['Market size', (o: Opportunity) => (o.marketSize === null ? null : scoreValue(o.marketSize))],
  ['Feasibility', (o: Opportunity) => scoreValue(o.feasibility)],
  ['Confidence', (o: Opportunity) => scoreValue(o.confidenceScore)],
] as const;

function summary(doc: Doc, snapshot: AnalysisSnapshot, accent: string): void {
  doc.addPage();
  heading(doc, 'Summary', 18);
  if (snapshot.opportunities.length === 0) {
    paragraph(doc, 'No opportunities were found for this market.');
    return;
  }
  for (const [index, o] of snapshot.opportunities.entries()) {
    ensureSpace(doc, 40);
    boldLine(doc, `${index + 1}. ${o.title}`);
    paragraph(
      doc,
      `${categoryLabel(o.category)} · opportunity ${formatScoreOutOf(o.opportunityScore)} · potential ${MARKET_POTENTIAL_LABELS[o.marketPotential]} · ${o.priority} priority`,
      { size: 9, color: MUTED },
    );
  }
  doc.moveDown(0.5);
  heading(doc, 'Opportunity scores (0-100)', 12);
  scoreBars(
    doc,
    snapshot.opportunities.map((o, index) => ({ label: `#${index + 1}`, value: scoreValue(o.opportunityScore) })),
    accent,
  );
  marketMap(doc, snapshot);
}

// Segment, job, opportunity, score, supply, establishments, people doing the work, growth.
const MAP_COLUMN_WIDTHS = [0.12, 0.12, 0.15, 0.09, 0.14, 0.15, 0.15, 0.08];

/** The market map as a table with the same figures as the analysis page (issue 28). */
function marketMap(doc: Doc, snapshot: AnalysisSnapshot): void {
  const map = deriveMarketMap(snapshot.opportunities);
  ensureSpace(doc, 120);
  doc.moveDown(0.5);
  heading(doc, 'Market map: customer segments × jobs', 12);
  paragraph(doc, mapSummary(map), { size: 9 });
  paragraph(
    doc,
    'Supply is the competitors found in the directory (active: still operating) and the software O*NET lists for the work; demand is read from each opportunity\'s own evidence, and "not sized" where it has none.',
    { size: 8, color: MUTED },
  );
  textTable(doc, MAP_TABLE_HEADERS, mapTableRows(map), MAP_COLUMN_WIDTHS);
}

/** "What changed" (a watched analysis's latest re-run), in the analysis page's words. */
function whatChanged(doc: Doc, run: WatchRunDto): void {
  doc.addPage();
  heading(doc, 'What changed', 18);
  paragraph(doc, LATEST_RUN_INTRO, { size: 9, color: MUTED });
  const ran = `Re-run of ${run.ranAt.slice(0, 10)} on corpus ${run.corpusVersion}.`;
  if (!runHasChanges(run)) {
    paragraph(doc, `${ran} ${UNCHANGED_RUN_LINE}`);
    return;
  }
  paragraph(doc, ran);
  const answer = answerChangeLine(run.diff);
  if (answer) paragraph(doc, answer);
  for (const section of whatChangedSections(run.diff)) {
    ensureSpace(doc, 40);
    doc.moveDown(0.3);
    boldLine(doc, section.title);
    for (const item of section.items) paragraph(doc, `• ${item}`, { size: 9 });
  }
}

function opportunitySection(report: Report, o: Opportunity, position: number): void {
  const { doc, accent } = report;
  doc.addPage();
  heading(doc, `${position}. ${o.title}`, 16);
  paragraph(
    doc,
    `${categoryLabel(o.category)} · ${o.cell.offering} for ${o.cell.segment} · potential ${MARKET_POTENTIAL_LABELS[o.marketPotential]} · ${o.priority} priority`,
    { size: 9, color: MUTED },
  );
  scoreBars(
    doc,
    SCORE_BARS.map(([label, read]) => ({ label, value: read(o), missing: formatSize(null) })),
    accent,
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
      { size: 9 },
    );
  }

  ensureSpace(doc, 60);
  heading(doc, 'How the opportunity score was computed', 12);
  paragraph(doc, o.breakdown.opportunityScore.formula, { size: 9, color: MUTED });
  for (const f of o.breakdown.opportunityScore.factors) {
    paragraph(
      doc,
      `${f.label}: value ${round(f.value)} × weight ${round(f.weight)} = ${round(f.contribution)}. ${f.explanation}${cited(f.evidenceIds, o.evidence)}`,
      { size: 9 },
    );
  }

  ensureSpace(doc, 60);
  heading(doc, `Evidence (${o.evidence.length})`, 12);
  for (const e of o.evidence) paragraph(doc, evidenceLine(report, e), { size: 8 });
  if (o.riskFlags.length > 0) labelled(doc, 'Risk flags', o.riskFlags.join('; '));
  if (o.actionableRecommendations.length > 0) labelled(doc, 'Recommendations', o.actionableRecommendations.join('; '));
}

/** The report; `branding` null draws it as Unbuilt's. */
export function renderAnalysisPdf(snapshot: AnalysisSnapshot, branding: ReportBranding | null = null): Promise<Buffer> {
  const report = startReport({
    kind: 'Market-gap report',
    title: `Market-gap report: ${snapshot.query}`,
    branding,
  });
  const { doc, accent } = report;
  const count = snapshot.opportunities.length;
  const facts: { text: string; color?: string }[] = [
    {
      text: `Analysis of ${snapshot.timestamp.toISOString().slice(0, 10)} · ${count} ${count === 1 ? 'opportunity' : 'opportunities'}`,
    },
    {
      text: `Corpus ${snapshot.analysis.corpusVersion} (${snapshot.analysis.corpusKind === 'seed' ? 'sample data' : 'full data'}) · rubric ${snapshot.analysis.rubricVersion}`,
    },
  ];
  if (snapshot.analysis.status === 'insufficient_data') {
    facts.push({ text: `Not enough data for a confident answer: ${snapshot.analysis.reason ?? ''}`, color: '#b91c1c' });
  }
  cover(report, snapshot.query, facts);
  doc.moveDown(1.5);
  paragraph(
    doc,
    'Every score in this report is computed from the evidence listed with it; the last pages name each source and its licence.',
    { size: 9, color: MUTED },
  );
  summary(doc, snapshot, accent);
  if (snapshot.whatChanged) whatChanged(doc, snapshot.whatChanged);
  for (const [index, o] of snapshot.opportunities.entries()) opportunitySection(report, o, index + 1);
  const used = new Set<string>(snapshot.analysis.corpusSources);
  for (const o of snapshot.opportunities) for (const e of o.evidence) used.add(e.source);
  sourcesPage(report, used);
  return finishReport(report);
}
