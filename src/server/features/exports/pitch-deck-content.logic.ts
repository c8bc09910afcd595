import { citedTitles } from '#shared/searches/evidence-title.ts';
import type { Evidence, Opportunity } from '#shared/engine/analysis.schemas.ts';
import type { ActionPlanDto } from '#shared/action-plans/action-plans.schemas.ts';
import type { IdeaDto } from '#shared/ideas/ideas.schemas.ts';
import { MARKET_INPUT_LABELS, MARKET_INPUTS } from '#shared/ideas/market-size.ts';
import type { AnalysisSnapshot } from '../../lib/domain/analysis-snapshot.ts';
import { attributionOf } from './report-attribution.logic.ts';
import { formatScoreOutOf, formatUsd, notSizedReason } from '#shared/app/score-format.ts';
import { deriveMarketMap, MAP_TABLE_HEADERS, mapPairs, mapSummary, mapTableRows } from '#shared/engine/market-map.ts';

// What each slide of the pitch deck says, worked out from the analysis (and the validated idea and
// action plan when they exist) before anything is drawn. Every figure is one the app computed and can
// cite; where the inputs are missing the slide says what is missing instead of inventing a number.

export type DeckInput = {
  snapshot: AnalysisSnapshot;
  /** A validated idea made from one of this analysis's opportunities, if any. */
  idea: IdeaDto | null;
  /** An action plan made from this analysis, if any. */
  plan: ActionPlanDto | null;
  /** The rank of the opportunity the idea was made from (the deck is about it); null: the top one. */
  focusRank: number | null;
};

export type GridPoint = { label: string; x: number; y: number };
export type DeckSlide =
  | { kind: 'title'; title: string; subtitle: string; footnote: string }
  | { kind: 'bullets'; title: string; lead: string; bullets: string[]; note?: string }
  | { kind: 'grid'; title: string; lead: string; xLabel: string; yLabel: string; points: GridPoint[]; note: string }
  | { kind: 'table'; title: string; lead: string; headers: string[]; rows: string[][]; note: string }
  | {
      kind: 'chart';
      title: string;
      lead: string;
      bullets: string[];
      series: { name: string; labels: string[]; values: number[] };
    };

const MAX_BULLETS = 6;
const money = formatUsd;

/** The opportunity the deck is about: the idea's source when it is in this analysis, else the top one. */
function focusOf(input: DeckInput): Opportunity | null {
  const { opportunities } = input.snapshot;
  return opportunities.find((o) => o.rank === input.focusRank) ?? opportunities[0] ?? null;
}

function whyNow(o: Opportunity, isBranded: boolean): string[] {
  const sourceLabel = (e: Evidence) => attributionOf(e.source, isBranded).label;
  const dated = o.evidence
    .filter((e) => e.date || e.source === 'bls')
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))
    .slice(0, 3)
    .map(
      (e) =>
        `${e.note}${e.value === null ? '' : ` (${String(e.value)})`} — ${sourceLabel(e)}${e.date ? `, ${e.date}` : ''}`,
    );
  return [...o.keyTrends.slice(0, MAX_BULLETS - dated.length), ...dated];
}

function marketSize(o: Opportunity, idea: IdeaDto | null): DeckSlide {
  const size = idea?.marketSize;
  if (idea && size && size.tam !== null) {
    const inputs = idea.marketSizeInputs;
    const cited = inputs
      ? MARKET_INPUTS.map((k) => {
          const v = inputs[k];
          const title = v.evidenceId ? citedTitles([v.evidenceId], idea.validation?.evidence ?? o.evidence)[0] : null;
          const origin = v.source === 'evidence' ? `cited: ${v.citation ?? title ?? 'evidence'}` : 'assumption';
          return `${MARKET_INPUT_LABELS[k]}: ${v.value === null ? 'missing' : v.value.toLocaleString('en-US')} (${origin})`;
        })
      : [];
    return {
      kind: 'bullets',
      title: 'Market size (bottom-up)',
      lead: `TAM ${money(size.tam)} · SAM ${size.sam === null ? 'missing' : money(size.sam)} · SOM ${size.som === null ? 'missing' : money(size.som)} a year`,
      bullets: [...cited, ...size.formulas].slice(0, MAX_BULLETS + 2),
      ...(size.missing.length > 0
        ? { note: `Still missing: ${size.missing.map((k) => MARKET_INPUT_LABELS[k]).join(', ')}.` }
        : {}),
    };
  }
  const factors = o.breakdown.marketSize.factors.map(
    (f) =>
      `${f.label}: ${f.explanation}${f.evidenceIds.length ? ` [${citedTitles(f.evidenceIds.slice(0, 3), o.evidence).join('; ')}]` : ''}`,
  );
  return {
    kind: 'bullets',
    title: 'Market size',
    lead:
      o.marketSize === null
        ? `Not sized. ${notSizedReason(o.breakdown.marketSize.formula)}`
        : `Market-size score ${formatScoreOutOf(o.marketSize)} from the evidence below (${o.breakdown.marketSize.formula}).`,
    bullets: factors.slice(0, MAX_BULLETS),
    note: 'No bottom-up figure yet: validate an idea from this opportunity and enter reachable customers and price to get TAM, SAM and SOM.',
  };
}

/** Competitors on a grid: YC batch year (x, older to newer) against how much of the query their own text matches (y). */
function competition(o: Opportunity): DeckSlide {
  const points = o.competitors
    .map((c) => {
      const year = /(\d{4})/.exec(c.batch ?? '')?.[1];
      return year ? { label: c.name, x: Number(year), y: c.match?.words.length ?? 0 } : null;
    })
    .filter((p): p is GridPoint => p !== null)
    .slice(0, 10);
  const unplaced = o.competitors.length - points.length;
  return {
    kind: 'grid',
    title: 'Competition',
    lead: o.competitorAnalysis,
    xLabel: 'YC batch year (older → newer)',
    yLabel: 'Query words their own description matches',
    points,
    note:
      o.competitors.length === 0
        ? 'No competitor was found in the data for this opportunity.'
        : `${o.competitors.length} competitors in the data${unplaced > 0 ? `; ${unplaced} without a batch year are not placed` : ''}. Source: Y Combinator directory.`,
  };
}

/** Rows a slide's table holds before the rest are named in the note. */
const MAP_SLIDE_ROWS = 6;

/**
 * The market map of the whole analysis as a table (issue 28): the scored cells with the figures the analysis
 * page and the PDF show; the empty segment × job pairs are named in the note (a slide has no room for them).
 */
function marketMap(snapshot: AnalysisSnapshot): DeckSlide {
  const map = deriveMarketMap(snapshot.opportunities);
  const scored = mapTableRows(map).filter((row) => row.length === MAP_TABLE_HEADERS.length);
  const empty = mapPairs(map)
    .filter((p) => p.cell === null)
    .map((p) => `${p.job} for ${p.segment}`);
  const shown = scored.slice(0, MAP_SLIDE_ROWS);
  const notes = [
    "Supply: competitors in the directory (active: still operating) and software O*NET lists for the work. Demand from each opportunity's own evidence; not sized where it has none.",
    ...(empty.length > 0 ? [`Not scored: ${empty.join('; ')}.`] : []),
    ...(scored.length > shown.length ? [`${scored.length - shown.length} more cells in the PDF report.`] : []),
  ];
  return {
    kind: 'table',
    title: 'Market map',
    lead: mapSummary(map),
    headers: [...MAP_TABLE_HEADERS],
    rows: shown,
    note: notes.join(' '),
  };
}

function financials(idea: IdeaDto | null): DeckSlide {
  const projections = idea?.financialProjections;
  const base = projections?.scenarios.find((s) => s.key === 'base') ?? projections?.scenarios[0];
  if (!projections || !base) {
    return {
      kind: 'bullets',
      title: 'Financials',
      lead: 'Not available yet.',
      bullets: [
        'Missing: initial investment, expected monthly revenue and monthly expenses.',
        'Validate an idea from this opportunity and fill in its projections: this slide then shows break-even and ROI by scenario.',
      ],
    };
  }
  const { inputs } = projections;
  return {
    kind: 'chart',
    title: 'Financials (from the idea validation)',
    lead: `${base.label}: break-even ${base.breakEven.label}.`,
    bullets: [
      `Initial investment ${money(inputs.initialInvestment)} · revenue ${money(inputs.monthlyRevenue)}/month · expenses ${money(inputs.monthlyExpenses)}/month`,
      ...base.roi.map((r) => `ROI at ${r.month} months: ${r.percent === null ? 'n/a' : `${Math.round(r.percent)} %`}`),
      ...projections.scenarios.filter((s) => s !== base).map((s) => `${s.label}: break-even ${s.breakEven.label}`),
    ],
    series: {
      name: 'Cumulative cash (base)',
      labels: base.curve.map((p) => `M${p.month}`),
      values: base.curve.map((p) => Math.round(p.cumulative)),
    },
  };
}

function roadmap(o: Opportunity, plan: ActionPlanDto | null): DeckSlide {
  if (!plan) {
    return {
      kind: 'bullets',
      title: 'Roadmap',
      lead: 'First steps the analysis recommends.',
      bullets: o.actionableRecommendations.slice(0, MAX_BULLETS),
      note: 'No action plan yet: create one from this analysis for phases, tasks and progress.',
    };
  }
  return {
    kind: 'bullets',
    title: 'Roadmap',
    lead: `${plan.title} · ${Math.round(plan.progress.completionPercentage)} % done`,
    bullets: plan.phases.slice(0, MAX_BULLETS).map((p) => {
      const tasks = p.tasks.slice(0, 3).map((t) => t.title);
      return `${p.name}${p.estimatedDuration ? ` (${p.estimatedDuration})` : ''}: ${tasks.join('; ')}`;
    }),
  };
}

function ask(idea: IdeaDto | null): DeckSlide {
  const investment = idea?.initialInvestment;
  const base = idea?.financialProjections?.scenarios.find((s) => s.key === 'base');
  return {
    kind: 'bullets',
    title: 'The ask',
    lead:
      investment !== null && investment !== undefined
        ? `Raising ${money(investment)} to build and launch${base ? `; base-case break-even ${base.breakEven.label}` : ''}.`
        : 'The amount is yours to set.',
    bullets:
      investment !== null && investment !== undefined
        ? ['Use of funds: the roadmap on the previous slide.', 'Milestones: each phase of the roadmap.']
        : ["Add the initial investment in the idea's projections and this slide states the raise and what it reaches."],
  };
}

/** `isBranded`: the deck is drawn in an account's branding (the product's own sources are named neutrally). */
export function deckSlides(input: DeckInput, brandName: string | null, isBranded = false): DeckSlide[] {
  const o = focusOf(input);
  if (!o) return [];
  const { snapshot, idea } = input;
  const used = new Set(o.evidence.map((e) => e.source));
  return [
    {
      kind: 'title',
      title: idea?.title ?? o.title,
      subtitle: `A market gap in “${snapshot.query}”`,
      footnote: `${brandName ? `${brandName} · ` : ''}${snapshot.timestamp.toISOString().slice(0, 10)}`,
    },
    { kind: 'bullets', title: 'Problem', lead: o.gapReason, bullets: [o.description] },
    {
      kind: 'bullets',
      title: 'Customer',
      lead: idea?.targetMarket ?? o.targetAudience,
      bullets: [`Segment: ${o.cell.segment}`, `Industry: ${o.industryContext}`],
    },
    {
      kind: 'bullets',
      title: 'Solution',
      lead: idea?.description ?? o.description,
      bullets: [`Offering: ${o.cell.offering}`, ...o.actionableRecommendations.slice(0, 3)],
    },
    {
      kind: 'bullets',
      title: 'Why now',
      lead: 'Trends and dated evidence behind this gap.',
      bullets: whyNow(o, isBranded),
    },
    marketSize(o, idea),
    competition(o),
    marketMap(snapshot),
    {
      kind: 'bullets',
      title: 'Business model',
      lead: idea?.businessModel ?? 'Not set yet.',
      bullets: idea?.marketSizeInputs?.pricePerMonth.value
        ? [`Price: ${money(idea.marketSizeInputs.pricePerMonth.value)} per customer per month`]
        : [],
      ...(idea ? {} : { note: 'Validate an idea from this opportunity to state the business model and price.' }),
    },
    financials(idea),
    roadmap(o, input.plan),
    ask(idea),
    {
      kind: 'bullets',
      title: 'Sources and method',
      lead: `Scores computed from public data: corpus ${snapshot.analysis.corpusVersion} (${snapshot.analysis.corpusKind === 'seed' ? 'sample data' : 'full data'}), rubric ${snapshot.analysis.rubricVersion}.`,
      bullets: [...used].map((s) => {
        const a = attributionOf(s, isBranded);
        return `${a.label}: ${a.attribution}`;
      }),
      note: 'Scores are estimates from the cited evidence, not advice.',
    },
  ];
}
