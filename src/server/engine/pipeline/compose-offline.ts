import type { ComposedText, Evidence } from '#shared/engine/analysis.schemas.ts';
import { evidenceDate } from './classify.ts';
import type { MeasuredCell } from './measure.ts';
import type { RubricScores } from './rubric.ts';
import { ownValue } from '#shared/app/own-value.ts';
import { inSentence } from '../text/as-written.ts';
import { isClause } from '../text/clause.ts';

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
  return text.replace(
    /[\p{L}\p{N}]+/gu,
    (w) => ownValue(ACRONYMS, w.toLowerCase()) ?? `${w[0]!.toUpperCase()}${w.slice(1)}`,
  );
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
  return clip(
    m.cell.title.replace(/^./, (c) => c.toUpperCase()),
    200,
  );
}

function signed(v: number): string {
  return `${v > 0 ? '+' : ''}${v}`;
}

/** Words past which a query is a story, not the name of a need (a title is clipped at 200 characters). */
const MAX_NEED_WORDS = 12;

/**
 * The need as a sentence names it: the query's own words ("online booking and payments for my hair
 * salon"), or, for a need told as a story or a clause ("I own a pest control company in Houston … Is
 * there any …?"), a reference to it: restated, the sentence would repeat the whole query.
 */
export function needOf(title: string): string {
  const story = isClause(title) || title.split(/\s+/).length > MAX_NEED_WORDS;
  return story ? 'the need this query describes' : inSentence(title);
}

export function composeOffline(m: MeasuredCell & { insight?: string }, s: RubricScores): ComposedText {
  const { cell, companies, evidence } = m;
  const forWhom = cell.segment === 'all customers' ? 'its customers' : cell.segment;
  const need = cell.kind === 'job' ? `${inSentence(cell.offering)} for ${forWhom}` : needOf(cell.title);
  const active = companies.filter((c) => c.status === 'Active' || c.status === 'Public');
  const shutDown = companies.filter((c) => c.status === 'Inactive');
  const acquired = companies.filter((c) => c.status === 'Acquired');
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
  const window = evidence.find((e) => e.id === 'directory:recent');
  const recentFrom = window ? Number(window.ref.split('-')[0]) : Number.POSITIVE_INFINITY;
  const recent = companies.filter((c) => (yearOf(c) ?? 0) >= recentFrom);
  const customers = cell.occupations.filter((o) => o.role === 'customer');
  const workers = cell.occupations.filter((o) => o.role === 'worker');
  const primary = cell.occupations[0] ?? null;
  const nameOcc = (o: (typeof cell.occupations)[number]): string => o.occupation.title.toLowerCase();

  const serves =
    companies.length === 0
      ? `After searching the whole directory by meaning and words, no company passed the bar for ${need}. The directory is a sample of venture-backed startups, so this is white space in our data, not proof that nobody serves it${tech.length ? `: the work already runs on ${list(tech, 3)} (O*NET)` : ''}.`
      : `${list(
          companies.map((c) => c.name),
          4,
        )} serve${companies.length === 1 ? 's' : ''} ${need} (first seen ${years[0] ?? 'at an unknown date'}${years.length > 1 ? `, most recently ${years.at(-1)!}` : ''}).`;
  const jobSentence =
    cell.job !== null
      ? ` The job comes from O*NET: ${cell.job.occupation.occupation.title.toLowerCase()} "${bare(cell.job.task.text).toLowerCase()}".`
      : '';
  const industry = evidence.find((e) => e.id === 'industry:customer');
  const establishments = evidence.find((e) => e.id === 'industry:establishments');
  const staff = evidence
    .filter((e) => e.id.startsWith('industry:staff:'))
    .map((e) => `${/^[^:]+/.exec(e.note)![0].toLowerCase()} (${String(e.value)} %)`);
  const customersSentence = industry
    ? ` The customers are ${String(industry.value).toLowerCase()}${typeof establishments?.value === 'number' ? `: ${establishments.value.toLocaleString('en-US')} establishments in the U.S. (Census, 2021)` : ''}${staff.length ? `, staffed mostly by ${list(staff, 3)} (BLS)` : ''}.`
    : '';
  const description = `${serves}${jobSentence}${customersSentence}`;

  const segmentWorkers = evidence.find((e) => e.id.startsWith('segment:') && e.id.endsWith(':workers'));
  const demandSentence = segmentWorkers
    ? `${segmentWorkers.note}; ${primary ? `${primary.projection.title.toLowerCase()} nationally: ${primary.projection.employment2023.toLocaleString('en-US')} thousand (2023), ${signed(primary.projection.percentChange)} % by 2033 (BLS).` : ''}`
    : primary
      ? `${primary.projection.title} (${primary.role === 'customer' ? 'the customers' : 'the people doing this work'}) employ ${primary.projection.employment2023.toLocaleString('en-US')} thousand people in the U.S. (2023), ${signed(primary.projection.percentChange)} % by 2033, ${primary.projection.annualOpenings} thousand openings a year (BLS).`
      : typeof establishments?.value === 'number'
        ? `No occupation fits this need closely enough to count the people doing it: demand is sized by the ${establishments.value.toLocaleString('en-US')} establishments that could buy (Census, 2021).`
        : 'No occupation fits this need closely enough to size its demand, so demand is not scored.';
  const missing =
    companies.length === 0
      ? `Nobody in the directory targets ${need}.`
      : shutDown.length + acquired.length > 0
        ? [
            `${active.length} of ${companies.length} are still active and independent.`,
            shutDown.length > 0
              ? `${list(
                  shutDown.map((c) => `${c.name} (${c.batch})`),
                  3,
                )} shut down, so the need outlived some attempts.`
              : '',
            acquired.length > 0
              ? `${list(
                  acquired.map((c) => `${c.name} (${c.batch})`),
                  3,
                )} ${acquired.length === 1 ? 'was' : 'were'} acquired: an exit, so buyers have paid for this need.`
              : '',
          ]
            .filter(Boolean)
            .join(' ')
        : `All ${companies.length} are still active${recent.length ? `, ${recent.length} of them from ${recentFrom} or later` : ''}: the space is being contested, not abandoned.`;
  const gapReason = `${m.insight ?? missing} ${demandSentence} Opportunity score ${Math.round(s.opportunityScore)} of 100 (importance plus its unmet part).`;

  const competitorAnalysis =
    companies.length === 0
      ? `No company in the directory serves ${need}.${tech.length ? ` Software already used in this work (O*NET): ${list(tech, 5)}.` : ''}`
      : `${companies
          .slice(0, 6)
          .map((c) => `${c.name} (${c.batch}, ${c.status})${c.oneLiner ? ` — ${bare(clip(c.oneLiner, 90))}` : ''}`)
          .join('; ')}.${tech.length ? ` Software already used in this work (O*NET): ${list(tech, 5)}.` : ''}`;

  const industryContext =
    [
      industries.length ? `Closest industries: ${list(industries, 2)}.` : '',
      primary
        ? `O*NET describes ${primary.occupation.title.toLowerCase()} as: ${clip(primary.occupation.description, 260)}`
        : '',
      risks.length ? `Risk flags: ${risks.join('; ')}.` : '',
    ]
      .filter(Boolean)
      .join(' ') ||
    `The directory files these companies under ${list([...new Set(companies.map((c) => c.subindustry || c.industry))].filter(Boolean), 3) || 'no common industry'}.`;

  const targetAudience = [
    cell.segment === 'all customers' ? `Buyers of ${inSentence(cell.offering)}` : titleCase(cell.segment),
    customers.length ? `customers in O*NET terms: ${list(customers.map(nameOcc), 2)}` : '',
    workers.length ? `the work is done today by ${list(workers.map(nameOcc), 2)}` : '',
  ]
    .filter(Boolean)
    .join('; ')
    .concat('.');

  const recommendations: string[] = [];
  const interviewees = cell.segment === 'all customers' ? `buyers of ${inSentence(cell.offering)}` : cell.segment;
  if (tasks[0])
    recommendations.push(
      clip(
        `Interview ${interviewees}${workers[0] ? ` and their ${nameOcc(workers[0])}` : ''} about how they handle this today: "${bare(tasks[0])}".`,
        500,
      ),
    );
  if (active[0])
    recommendations.push(
      clip(
        `Position against ${active[0].name} (${active[0].batch}), which offers "${bare(active[0].oneLiner) || active[0].name}": find the ${cell.segment === 'all customers' ? 'customers' : cell.segment} it does not serve well.`,
        500,
      ),
    );
  if (shutDown[0])
    recommendations.push(
      clip(`Learn why ${shutDown[0].name} (${shutDown[0].batch}) shut down before committing to the same model.`, 500),
    );
  else if (acquired[0])
    recommendations.push(
      clip(
        `Find out who bought ${acquired[0].name} (${acquired[0].batch}) and why: the buyer is a likely partner or acquirer for the next entrant.`,
        500,
      ),
    );
  if (tech.length)
    recommendations.push(
      clip(`Integrate with or replace the software this work already runs on: ${list(tech, 3)}.`, 500),
    );
  if (companies.length === 0)
    recommendations.push(
      clip(
        `Validate demand for ${need} directly: no startup in the directory serves it, so test with a landing page before building.`,
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
  for (const o of cell.occupations.slice(0, 2))
    keyTrends.push(
      `${o.projection.title}: ${signed(o.projection.percentChange)} % employment 2023–2033, ${o.projection.annualOpenings} thousand openings a year (BLS).`,
    );
  if (tasks[1]) keyTrends.push(clip(`Recurring task in this work (O*NET): ${tasks[1]}`, 300));
  if (keyTrends.length === 0) keyTrends.push(`No dated evidence for ${clip(need, 200)} in the data.`);

  return {
    title: cellTitle(m),
    description: clip(description, 2000),
    gapReason: clip(gapReason, 2000),
    competitorAnalysis: clip(competitorAnalysis, 3000),
    industryContext: clip(industryContext, 2000),
    targetAudience: clip(targetAudience, 1000),
    actionableRecommendations: (recommendations.length
      ? recommendations
      : [clip(`Test demand for ${need} with ten customer interviews.`, 500)]
    ).slice(0, 8),
    keyTrends: keyTrends.map((t) => clip(t, 300)).slice(0, 8),
  };
}

function countBy(years: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const y of years) out[y] = (out[y] ?? 0) + 1;
  return out;
}
