import type { ComposedText, Evidence } from '#shared/engine/analysis.schemas.ts';
import { evidenceDate } from './classify.ts';
import type { MeasuredCell } from './measure.ts';
import type { RubricScores } from './rubric.ts';

// The offline composer: every sentence is assembled from this cell's evidence (names, counts,
// years, occupations, tasks), so no two queries get the same paragraph.

function list(items: string[], max = 4): string {
  const shown = items.slice(0, max);
  if (shown.length === 0) return '';
  const rest = items.length - shown.length;
  const joined = shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)!}`;
  return rest > 0 ? `${joined} (+${rest} more)` : joined;
}

const ACRONYMS: Record<string, string> = {
  ai: 'AI',
  hr: 'HR',
  crm: 'CRM',
  erp: 'ERP',
  seo: 'SEO',
  api: 'API',
  smb: 'SMB',
  ev: 'EV',
  vr: 'VR',
  ar: 'AR',
  iot: 'IoT',
  saas: 'SaaS',
  b2b: 'B2B',
  b2c: 'B2C',
  ml: 'ML',
  llm: 'LLM',
  gps: 'GPS',
  pos: 'POS',
  ehr: 'EHR',
  esg: 'ESG',
  us: 'US',
};

function titleCase(text: string): string {
  return text.replace(/[\p{L}\p{N}]+/gu, (w) => ACRONYMS[w.toLowerCase()] ?? `${w[0]!.toUpperCase()}${w.slice(1)}`);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** A one-liner ready to be followed by punctuation: no trailing full stop or ellipsis. */
function bare(text: string): string {
  return text.trim().replace(/[.…\s]+$/u, '');
}

function byId(evidence: Evidence[], prefix: string): Evidence[] {
  return evidence.filter((e) => e.id.startsWith(prefix));
}

export function cellTitle(m: MeasuredCell): string {
  const { cell } = m;
  switch (cell.kind) {
    case 'core':
      return clip(
        cell.segment === 'all customers' ? titleCase(cell.offering) : `${titleCase(cell.offering)} for ${cell.segment}`,
        200,
      );
    case 'offering-wide':
      return clip(`${titleCase(cell.offering)} for any customer`, 200);
    case 'segment-other':
      return clip(`Other products for ${cell.segment}`, 200);
    case 'angle':
      return clip(
        cell.segment === 'all customers' ? titleCase(cell.offering) : `${titleCase(cell.offering)} for ${cell.segment}`,
        200,
      );
  }
}

export function composeOffline(m: MeasuredCell, s: RubricScores): ComposedText {
  const { cell, companies, demand, evidence } = m;
  // An angle's offering carries its tag in brackets; the sentences name the tag separately.
  const offering = cell.tag ? cell.offering.replace(` (${cell.tag})`, '') : cell.offering;
  const scope =
    cell.kind === 'segment-other'
      ? `products for ${cell.segment}`
      : cell.segment === 'all customers' || cell.segment === 'customers in general'
        ? offering
        : `${offering} for ${cell.segment}`;
  const active = companies.filter((c) => c.status === 'Active' || c.status === 'Public');
  const failed = companies.filter((c) => c.status === 'Inactive' || c.status === 'Acquired');
  // Years from the evidence dates (launch, else batch), the same dates the entry trend is scored on.
  const yearOf = (c: (typeof companies)[number]): number | null => {
    const date = evidenceDate(c);
    return date ? Number(date.slice(0, 4)) : null;
  };
  const years = companies
    .map(yearOf)
    .filter((y): y is number => y !== null)
    .sort((a, b) => a - b);
  const tasks = byId(evidence, 'onet:')
    .filter((e) => e.id.includes(':task:'))
    .map((e) => String(e.value));
  const tech = byId(evidence, 'onet:')
    .filter((e) => e.id.includes(':tech:'))
    .map((e) => String(e.value));
  const industries = byId(evidence, 'naics:').map((e) => `${String(e.value)} (NAICS ${e.ref})`);
  const risks = byId(evidence, 'risk:').map((e) => e.note);
  // The same recent window the entry trend is scored on (the directory's latest years).
  const window = evidence.find((e) => e.id === 'directory:recent');
  const recentFrom = window ? Number(window.ref.split('-')[0]) : Number.POSITIVE_INFINITY;
  const recent = companies.filter((c) => (yearOf(c) ?? 0) >= recentFrom);
  const tagLine = cell.tag && offering !== cell.tag ? ` through the "${cell.tag}" angle` : '';

  const description =
    companies.length === 0
      ? `No company in the directory matches ${scope}${tagLine}. That is a sample of venture-backed startups, so this is white space in our data, not proof that nobody serves it.`
      : `${companies.length} compan${companies.length === 1 ? 'y in the directory works' : 'ies in the directory work'} on ${scope}${tagLine}, first seen ${years[0] ?? 'at an unknown date'}${years.length > 1 ? ` and most recently ${years.at(-1)!}` : ''}: ${list(companies.map((c) => c.name))}.`;

  const demandSentence = demand
    ? `Demand proxy: ${demand.projection.title} employ ${demand.projection.employment2023.toLocaleString('en-US')} thousand people in the U.S. (2023), projected ${demand.projection.percentChange > 0 ? '+' : ''}${demand.projection.percentChange} % by 2033 (BLS).`
    : 'No O*NET/BLS occupation matches this cell closely enough to size its demand.';
  const gapReason =
    companies.length === 0
      ? `Nobody in the directory targets ${scope}. ${demandSentence}`
      : `${active.length} of ${companies.length} matching companies are still active${
          failed.length
            ? `; ${list(
                failed.map((c) => `${c.name} (${c.status.toLowerCase()})`),
                3,
              )} did not last as independent companies`
            : ''
        }. ${demandSentence} Opportunity score ${s.opportunityScore.toFixed(1)} of 20 (importance plus the unmet part of it).`;

  const competitorAnalysis =
    companies.length === 0
      ? `No directly matching competitors were found for ${scope} in the directory.${tech.length ? ` Incumbent software named by O*NET for this work: ${list(tech, 5)}.` : ''}`
      : `${companies
          .slice(0, 6)
          .map((c) => `${c.name} (${c.batch}, ${c.status})${c.oneLiner ? ` — ${bare(clip(c.oneLiner, 90))}` : ''}`)
          .join('; ')}.${tech.length ? ` Incumbent software used in the matched occupation: ${list(tech, 5)}.` : ''}`;

  const industryContext =
    [
      industries.length ? `Closest industries: ${list(industries, 2)}.` : '',
      demand ? `O*NET describes the work as: ${clip(demand.occupation.description, 260)}` : '',
      risks.length ? `Risk flags: ${risks.join('; ')}.` : '',
    ]
      .filter(Boolean)
      .join(' ') ||
    `The directory files the ${companies.length} companies in ${scope} under ${list([...new Set(companies.map((c) => c.subindustry || c.industry))].filter(Boolean), 3) || 'no common industry'}.`;

  const targetAudience =
    cell.kind === 'offering-wide'
      ? `Buyers of ${cell.offering} in general${demand ? `, and the ${demand.projection.title.toLowerCase()} who do this work today` : ''}.`
      : `${cell.segment === 'all customers' ? `Buyers of ${cell.offering}` : titleCase(cell.segment)}${demand ? `; the work is done today by ${demand.projection.title.toLowerCase()}` : ''}.`;

  const recommendations: string[] = [];
  const interviewees =
    cell.segment === 'all customers' || cell.segment === 'customers in general'
      ? `buyers of ${cell.offering}`
      : cell.segment;
  if (tasks[0])
    recommendations.push(clip(`Interview ${interviewees} about this job to be done: "${bare(tasks[0])}".`, 500));
  if (active[0])
    recommendations.push(
      clip(
        `Position against ${active[0].name} (${active[0].batch}), which offers "${bare(active[0].oneLiner) || active[0].name}": find the customers it does not serve.`,
        500,
      ),
    );
  if (failed[0])
    recommendations.push(
      clip(
        `Learn why ${failed[0].name} (${failed[0].batch}) is ${failed[0].status.toLowerCase()} before committing to the same model.`,
        500,
      ),
    );
  if (tech.length)
    recommendations.push(clip(`Integrate with or replace the tools this work already uses: ${list(tech, 3)}.`, 500));
  if (companies.length === 0)
    recommendations.push(
      clip(
        `Validate demand for ${scope} directly: the directory shows no company here, so test with a landing page before building.`,
        500,
      ),
    );
  if (risks.length) recommendations.push(clip(`Plan for the structural risk: ${risks[0]!}.`, 500));

  const keyTrends: string[] = [];
  if (years.length)
    keyTrends.push(
      `Entries by year: ${Object.entries(countBy(years))
        .map(([y, n]) => `${y}: ${n}`)
        .join(', ')}.`,
    );
  if (window && companies.length > 0) {
    const share =
      Number(window.value) / Math.max(1, Number(evidence.find((e) => e.id === 'directory:total')?.value ?? 1));
    keyTrends.push(
      `${recent.length} of ${companies.length} entries date from ${recentFrom} or later${
        recent.length
          ? ` (${list(
              recent.map((c) => c.name),
              3,
            )})`
          : ''
      }, against ${Math.round(share * 100)} % of the whole directory.`,
    );
  }
  if (demand)
    keyTrends.push(
      `${demand.projection.title}: ${demand.projection.percentChange > 0 ? '+' : ''}${demand.projection.percentChange} % employment 2023–2033, ${demand.projection.annualOpenings} thousand openings a year (BLS).`,
    );
  if (tasks[1]) keyTrends.push(clip(`Recurring task in this work (O*NET): ${tasks[1]}`, 300));
  if (keyTrends.length === 0) keyTrends.push(`No dated evidence for ${clip(scope, 200)} in the data.`);

  return {
    title: cellTitle(m),
    description: clip(description, 2000),
    gapReason: clip(gapReason, 2000),
    competitorAnalysis: clip(competitorAnalysis, 3000),
    industryContext: clip(industryContext, 2000),
    targetAudience: clip(targetAudience, 1000),
    actionableRecommendations: (recommendations.length
      ? recommendations
      : [clip(`Test demand for ${scope} with ten customer interviews.`, 500)]
    ).slice(0, 8),
    keyTrends: keyTrends.map((t) => clip(t, 300)).slice(0, 8),
  };
}

function countBy(years: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const y of years) out[y] = (out[y] ?? 0) + 1;
  return out;
}
