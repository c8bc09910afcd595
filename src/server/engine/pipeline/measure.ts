import type { Evidence, EvidenceSource } from '#shared/engine/analysis.schemas.ts';
import type { Company } from '../corpus/corpus.types.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import { evidenceDate, RISK_FLAGS } from './classify.ts';
import type { Job } from './jobs.ts';
import type { OccupationFit } from './occupation-match.ts';
import type { ParsedQuery } from './parse-query.ts';
import type { Cell } from './plan-opportunities.ts';
import type { CustomerReading } from './customer.ts';
import { customerIndustry } from './customer-industry.ts';
import { activityEvidence, industryEvidence, segmentWorkerEvidence } from './industry-evidence.ts';
import { incumbentEvidence } from './incumbent-software.ts';
import { jobActivity } from './job-activity.ts';
import { retrieveIndustries } from './retrieve.ts';
import { RECENT_YEARS } from './rubric.ts';

// Turns a cell into its evidence list: the companies in it, the directory totals that normalise
// its entry trend, the cited occupations (role, BLS projection), the jobs' O*NET tasks, the software
// those occupations already use (incumbents beyond the directory), NAICS context and risk flags. Every score is later computed from exactly this list.

export type MeasuredCell = {
  cell: Cell;
  evidence: Evidence[];
  companies: Company[];
  latestEvidenceDate: string | null;
};

const CORE_TASKS = 3;

function src(index: EngineIndex, full: EvidenceSource): EvidenceSource {
  return index.corpus.kind === 'seed' ? 'seed' : full;
}

const r2 = (v: number): number => Math.round(v * 100) / 100;

const ROLE_NOTE: Record<OccupationFit['role'], string> = {
  customer: 'Customers who buy this',
  worker: 'People whose work this does or supports',
};

function occupationEvidence(index: EngineIndex, o: OccupationFit): Evidence[] {
  const p = o.projection;
  const out: Evidence[] = [
    {
      id: `onet:${o.occupation.soc}:role`,
      source: src(index, 'onet'),
      ref: o.occupation.soc,
      value: o.role,
      note: `${ROLE_NOTE[o.role]}: ${o.occupation.title}${o.matchedTitle !== o.occupation.title ? ` (reported title "${o.matchedTitle}")` : ''}; ${o.basis ? `${o.basis}; ` : ''}${Math.round(o.fit * 100)} % match with the query`,
    },
    {
      id: `bls:${p.soc}:employment`,
      source: src(index, 'bls'),
      ref: p.soc,
      value: p.employment2023,
      note: `${p.title}: ${p.employment2023.toLocaleString('en-US')} thousand employed in the U.S. in 2023`,
    },
    {
      id: `bls:${p.soc}:growth`,
      source: src(index, 'bls'),
      ref: p.soc,
      value: p.percentChange,
      note: `${p.title}: employment projected to change ${p.percentChange > 0 ? '+' : ''}${p.percentChange} % from 2023 to 2033, ${p.annualOpenings} thousand openings a year`,
    },
  ];
  if (p.medianWage !== null)
    out.push({
      id: `bls:${p.soc}:wage`,
      source: src(index, 'bls'),
      ref: p.soc,
      value: p.medianWage,
      note: `${p.title}: median annual wage $${p.medianWage.toLocaleString('en-US')} (2023)`,
    });
  return out;
}

export function latestYear(index: EngineIndex): number {
  return Math.max(...index.corpus.companiesPerYear.keys());
}

export function measureCell(
  index: EngineIndex,
  query: ParsedQuery,
  cell: Cell,
  jobs: readonly Job[],
  marketCompanies: number,
  dateRange: { from: string | null; to: string | null } = { from: null, to: null },
  customer: CustomerReading | null = null,
): MeasuredCell {
  const corpus = index.corpus;
  const evidence: Evidence[] = [];
  const companies = cell.members.map((m) => corpus.companies[m.id]!);
  for (const c of companies) {
    evidence.push({
      id: `company:${c.slug}`,
      source: c.source,
      ref: c.slug,
      value: c.status,
      note: `${c.name} (${c.batch}, ${c.status})${c.oneLiner ? `: ${c.oneLiner}` : ''}`,
      ...(c.website ? { url: c.website } : {}),
      ...(evidenceDate(c) ? { date: evidenceDate(c)! } : {}),
    });
  }
  const last = latestYear(index);
  const first = last - RECENT_YEARS + 1;
  let recent = 0;
  let total = 0;
  for (const [year, count] of corpus.companiesPerYear) {
    total += count;
    if (year >= first) recent += count;
  }
  evidence.push({
    id: 'directory:recent',
    source: src(index, 'yc'),
    ref: `${first}-${last}`,
    value: recent,
    note: `Companies in the directory dated ${first}–${last} (batch-size normaliser for the entry trend)`,
  });
  evidence.push({
    id: 'directory:total',
    source: src(index, 'yc'),
    ref: 'all',
    value: total,
    note: 'Companies in the directory with a known date',
  });

  const primary = cell.occupations[0] ?? null;
  for (const o of cell.occupations) evidence.push(...occupationEvidence(index, o));
  const industry = cell.industry ?? customerIndustry(index, cell.occupations, customer);
  evidence.push(...industryEvidence(industry));
  evidence.push(...segmentWorkerEvidence(index, industry, cell.occupations));
  if (cell.job) evidence.push(...activityEvidence(jobActivity(index, cell.job, industry)));
  if (primary) {
    evidence.push({
      id: 'match:occupation',
      source: src(index, 'onet'),
      ref: primary.occupation.soc,
      value: r2(primary.fit),
      note: `How well "${primary.occupation.title}" fits this opportunity (meaning of its titles, description and tasks against the query)`,
    });
  }
  // The date range bounds dated evidence: tasks O*NET dated outside it are left out.
  const inRange = (date: string | null): boolean =>
    date === null ||
    ((dateRange.from === null || date >= dateRange.from) && (dateRange.to === null || date <= dateRange.to));
  const taskEvidence = cell.job
    ? [{ task: cell.job.task, title: cell.job.occupation.occupation.title }]
    : jobs.length > 0
      ? // The query's closest jobs, the one closest to what the product does first (the job to build for).
        jobs
          .slice(0, CORE_TASKS)
          .sort((a, b) => b.jobFit - a.jobFit || b.fit - a.fit)
          .map((j) => ({ task: j.task, title: j.occupation.occupation.title }))
      : primary
        ? (corpus.tasksBySoc.get(primary.occupation.soc) ?? [])
            .slice(0, CORE_TASKS)
            .map((task) => ({ task, title: primary.occupation.title }))
        : [];
  for (const { task: t, title } of taskEvidence.filter((x) => inRange(x.task.date))) {
    evidence.push({
      id: `onet:${t.soc}:task:${t.taskId}`,
      source: src(index, 'onet'),
      ref: t.soc,
      value: t.text,
      note: `Task of ${title} (job to be done)`,
      ...(t.date ? { date: t.date } : {}),
    });
  }
  evidence.push(...incumbentEvidence(index, cell.occupations, industry?.naics ?? null, src(index, 'onet')));
  // The industries the query's words name, as context — inside the customer's industry when it is
  // known (offices of dentists, not the dental equipment makers that share its words).
  const named = retrieveIndustries(index, cell.groups).filter(
    (id) => !industry || corpus.industries[id]!.code.startsWith(industry.naics),
  );
  for (const id of named.slice(0, 2)) {
    const context = corpus.industries[id]!;
    evidence.push({
      id: `naics:${context.code}`,
      source: 'naics',
      ref: context.code,
      value: context.title,
      note: `NAICS ${context.code} ${context.title}`,
    });
  }
  for (const flag of RISK_FLAGS) {
    const carriers = cell.members.filter((m) => index.riskFlags[m.id]!.includes(flag));
    if (carriers.length === 0) continue;
    evidence.push({
      id: `risk:${flag.replace(/\s+/g, '-')}`,
      source: src(index, 'yc'),
      ref: flag,
      value: carriers.length,
      note: `${carriers.length} of ${companies.length} companies carry ${flag} labels (${carriers
        .slice(0, 3)
        .map((m) => corpus.companies[m.id]!.name)
        .join(', ')})`,
    });
  }
  const fit =
    cell.members.length > 0 ? cell.members.reduce((s, m) => s + Math.min(1, m.relevance), 0) / cell.members.length : 0;
  evidence.push({
    id: 'cell:competitors',
    source: src(index, 'yc'),
    ref: `${cell.offering} × ${cell.segment}`,
    value: Math.max(cell.competing, companies.length),
    note: `Companies in the directory that pass this opportunity's competitor bar (the first ${companies.length} are listed)`,
  });
  evidence.push({
    id: 'market:interest',
    source: src(index, 'yc'),
    ref: query.text.slice(0, 80),
    value: marketCompanies,
    note: `Companies in the directory that compete in the query's market`,
  });
  evidence.push({
    id: 'match:cell',
    source: src(index, 'yc'),
    ref: `${cell.offering} × ${cell.segment}`,
    value: r2(cell.definitionFit),
    note:
      cell.kind === 'core'
        ? "This opportunity is the query's own need"
        : cell.kind === 'adjacent'
          ? "Share of the query's words this opportunity keeps: its offering, for another kind of customer"
          : 'How close this job is to the query (meaning of the task against the query)',
  });
  evidence.push({
    id: 'match:query',
    source: src(index, 'yc'),
    ref: query.text.slice(0, 80),
    value: r2(fit),
    note: `Mean relevance (meaning and words) of the ${companies.length} competitors to the query`,
  });
  if (cell.kind === 'core') {
    // The words searched besides the query's own: WordNet synonyms and the market vocabulary's words.
    for (const [from, source, note] of [
      ['wordnet', 'wordnet', (w: string) => `Synonyms of "${w}" searched as well`],
      ['thesaurus', 'vocabulary', (w: string) => `Words startups use for "${w}", searched as well`],
    ] as const) {
      for (const g of query.groups.filter((g) => g.synonymSources.some((s) => s.from === from)).slice(0, 4)) {
        const list = g.synonymSources.filter((s) => s.from === from).map((s) => s.phrase);
        evidence.push({ id: `${source}:${g.word}`, source, ref: g.shown, value: list.join(', '), note: note(g.shown) });
      }
    }
  }
  evidence.push({
    id: 'corpus:kind',
    source: corpus.kind === 'seed' ? 'seed' : 'yc',
    ref: corpus.version,
    value: corpus.kind,
    note:
      corpus.kind === 'seed'
        ? 'Answered from the small seed corpus: low confidence'
        : 'Answered from the full public datasets',
  });
  const dates = evidence.flatMap((e) => (e.id.startsWith('company:') && e.date ? [e.date] : [])).sort();
  return { cell, evidence, companies, latestEvidenceDate: dates.at(-1) ?? null };
}
