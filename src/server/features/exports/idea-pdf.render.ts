import type { Evidence } from '#shared/engine/analysis.schemas.ts';
import { formatScoreOutOf, formatUsd } from '#shared/app/score-format.ts';
import { IDEA_CATEGORY_LABELS, IDEA_STATUS_LABELS } from '#shared/ideas/idea-labels.ts';
import type { IdeaDto, IdeaScore } from '#shared/ideas/ideas.schemas.ts';
import { MARKET_INPUTS, MARKET_INPUT_LABELS, type MarketSizeInputs } from '#shared/ideas/market-size.ts';
import { describeSensitivity, type Projections } from '#shared/ideas/projections.ts';
import type { ReportBranding } from './branding.service.ts';
import { citationText } from './report-attribution.logic.ts';
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
  type Report,
} from './pdf-report.render.ts';

// The PDF report of a validated idea: the idea as written, its five scores with every factor and the
// evidence each cites, the best-matching opportunity, the financial projections (scenarios, break-even,
// ROI, sensitivity), the market size with each input marked cited or assumed, the hypotheses to test,
// and the sources with their attribution. Everything printed is stored with the idea; nothing is recomputed.

const money = (n: number | null) => (n === null ? 'not given' : formatUsd(n));
const percent = (n: number | null) => (n === null ? 'n/a' : `${round(n)} %`);

function scoreSection(report: Report, score: IdeaScore, evidence: readonly Evidence[]): void {
  const { doc } = report;
  ensureSpace(doc, 80);
  heading(doc, `${score.label}: ${score.score === null ? 'not enough data' : `${score.score}/100`}`, 12);
  paragraph(doc, score.formula, { size: 9, color: MUTED });
  for (const f of score.factors) {
    paragraph(
      doc,
      `${f.label}: value ${round(f.value)} × weight ${round(f.weight)} = ${round(f.contribution)}. ${f.explanation}${cited(f.evidenceIds, evidence)}`,
      { size: 9 },
    );
  }
  if (score.missing) paragraph(doc, `Missing: ${score.missing}`, { size: 9, color: '#b91c1c' });
  paragraph(doc, `What would change it: ${score.whatWouldChange}`, { size: 9, color: MUTED });
}

function financials(report: Report, idea: IdeaDto, projections: Projections | null): void {
  const { doc } = report;
  doc.addPage();
  heading(doc, 'Financials', 18);
  paragraph(
    doc,
    `Initial investment ${money(idea.initialInvestment)} · monthly revenue ${money(idea.monthlyRevenue)} · monthly expenses ${money(idea.monthlyExpenses)}`,
  );
  if (!projections) {
    paragraph(doc, 'No projections yet: they need the initial investment, monthly revenue and monthly expenses.', {
      color: MUTED,
    });
    return;
  }
  paragraph(
    doc,
    `Base case: break-even ${idea.breakEvenMonths === null ? 'not within the projection' : `in month ${idea.breakEvenMonths}`} · ROI after 36 months ${percent(idea.projectedRoi)} · revenue ramps up over ${projections.rampMonths} months`,
  );
  for (const s of projections.scenarios) {
    ensureSpace(doc, 50);
    boldLine(doc, `${s.label} scenario: ${s.breakEven.label}`);
    const roi = s.roi.map((r) => `month ${r.month}: ${percent(r.percent)}`).join(', ');
    const last = s.curve.at(-1);
    paragraph(
      doc,
      `Revenue × ${round(s.assumptions.revenueMultiplier)}, growth ${round(s.assumptions.monthlyGrowthPercent)} % a month, expenses × ${round(s.assumptions.expenseMultiplier)}. ROI ${roi}.${last ? ` Cumulative cash after ${last.month} months: ${money(last.cumulative)}.` : ''}`,
      { size: 9 },
    );
  }
  if (projections.sensitivity.length > 0) {
    ensureSpace(doc, 60);
    heading(doc, 'What moves the break-even most', 12);
    for (const row of projections.sensitivity)
      paragraph(doc, `${row.label} (${row.change}): ${describeSensitivity(row, projections.months)}`, { size: 9 });
  }
  for (const formula of projections.formulas) paragraph(doc, formula, { size: 8, color: MUTED });
}

function marketSize(report: Report, idea: IdeaDto, inputs: MarketSizeInputs | null): void {
  const evidence = idea.validation?.evidence ?? [];
  const { doc } = report;
  ensureSpace(doc, 100);
  heading(doc, 'Market size', 14);
  const size = idea.marketSize;
  if (!inputs || !size) {
    paragraph(doc, 'Not worked out yet: the market-size calculator has no inputs for this idea.', { color: MUTED });
    return;
  }
  for (const key of MARKET_INPUTS) {
    const input = inputs[key];
    const source =
      input.source === 'evidence'
        ? `cited${input.evidenceId ? cited([input.evidenceId], evidence) : ''}${input.citation ? `: ${citationText(input.citation, report.branding !== null)}` : ''}`
        : 'assumption';
    paragraph(
      doc,
      `${MARKET_INPUT_LABELS[key]}: ${input.value === null ? 'not entered' : input.value.toLocaleString('en-US')} (${source})`,
      { size: 9 },
    );
  }
  paragraph(doc, `TAM ${money(size.tam)} · SAM ${money(size.sam)} · SOM ${money(size.som)} a year`);
  if (size.missing.length > 0) {
    paragraph(doc, `Still to enter: ${size.missing.map((k) => MARKET_INPUT_LABELS[k]).join(', ')}`, {
      size: 9,
      color: MUTED,
    });
  }
  for (const formula of size.formulas) paragraph(doc, formula, { size: 8, color: MUTED });
}

/** The idea's report; `branding` null draws it as Unbuilt's. */
export function renderIdeaPdf(idea: IdeaDto, branding: ReportBranding | null = null): Promise<Buffer> {
  const report = startReport({ kind: 'Idea validation report', title: `Idea validation: ${idea.title}`, branding });
  const { doc, accent } = report;
  const v = idea.validation;
  const facts: { text: string; color?: string }[] = [
    {
      text: `${IDEA_CATEGORY_LABELS[idea.category]} · ${IDEA_STATUS_LABELS[idea.status]}${idea.isStale ? ' · edited since its last validation' : ''}`,
    },
    v
      ? {
          text: `Validated ${v.validatedAt.slice(0, 10)} against corpus ${v.corpus.version} (${v.corpus.kind === 'seed' ? 'sample data' : 'full data'}) · rubric ${v.rubricVersion}`,
        }
      : { text: 'Not validated yet: there are no scores to report.', color: '#b91c1c' },
  ];
  if (v?.status === 'insufficient_data') {
    facts.push({ text: `Not enough data for a confident answer: ${v.reason ?? ''}`, color: '#b91c1c' });
  }
  cover(report, idea.title, facts);

  doc.addPage();
  heading(doc, 'The idea', 18);
  paragraph(doc, idea.description);
  labelled(doc, 'Target market', idea.targetMarket);
  labelled(doc, 'Business model', idea.businessModel);

  if (v) {
    ensureSpace(doc, 120);
    heading(doc, 'Scores (0-100, higher is better for the idea)', 14);
    scoreBars(
      doc,
      v.scores.map((s) => ({ label: s.label, value: s.score })),
      accent,
    );
    if (v.bestOpportunity) {
      paragraph(
        doc,
        `Closest opportunity in the data: ${v.bestOpportunity.title} (opportunity score ${formatScoreOutOf(v.bestOpportunity.opportunityScore)}, relevance ${round(v.bestOpportunity.relevance)})`,
        { size: 9, color: MUTED },
      );
    }
    for (const w of v.warnings) paragraph(doc, `Note: ${w}`, { size: 9, color: MUTED });
    for (const score of v.scores) scoreSection(report, score, v.evidence);
    ensureSpace(doc, 60);
    heading(doc, `Evidence (${v.evidence.length})`, 12);
    for (const e of v.evidence) paragraph(doc, evidenceLine(report, e), { size: 8 });
  }

  financials(report, idea, idea.financialProjections);
  marketSize(report, idea, idea.marketSizeInputs);

  if (idea.hypotheses.length > 0) {
    doc.addPage();
    heading(doc, 'Hypotheses to test', 18);
    for (const h of idea.hypotheses) {
      ensureSpace(doc, 60);
      boldLine(doc, `${h.rank}. ${h.statement}`);
      paragraph(
        doc,
        `Status: ${h.status}${h.result ? ` — ${h.result}` : ''}. Kill criterion: ${h.killCriterion}${cited(h.evidenceIds, v?.evidence ?? [])}`,
        { size: 9 },
      );
    }
  }

  sourcesPage(report, new Set<string>((v?.evidence ?? []).map((e) => e.source)));
  return finishReport(report);
}
