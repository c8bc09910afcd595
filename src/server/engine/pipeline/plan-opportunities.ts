import type { EngineIndex } from '../index/engine-index.ts';
import { adjacentIndustries, namedIn, neighbourIndustry } from './adjacent-industries.ts';
import { industryNames, isEstablishmentWord, sameWord } from './industry-match.ts';
import { coverageOf } from './retrieve.ts';
import type { CustomerIndustry } from './customer-industry.ts';
import { COMPETES, type CompanyMatch } from './company-match.ts';
import { SAME_NEED, type Job } from './jobs.ts';
import type { OccupationFit } from './occupation-match.ts';
import { byStanding } from './prominence.ts';
import type { ParsedQuery, TermGroup } from './parse-query.ts';
import { isClause } from '../text/clause.ts';
import { words } from '../text/tokenize.ts';
import { asWritten, inSentence } from '../text/as-written.ts';
import { dot, type QueryVectors } from './query-vectors.ts';

// The opportunities an analysis weighs: the query's own need for its customer (the core), the same
// need for the customer's neighbouring industries (adjacent), and each job to be done that the
// evidence names for that customer. Each lists the companies that serve exactly that need; an empty
// list means the whole directory was searched and none passed the bar.

export type CellKind = 'core' | 'adjacent' | 'job';

export type Cell = {
  kind: CellKind;
  title: string;
  /** What is offered (the query's offering, or the job) and to whom. */
  offering: string;
  segment: string;
  job: Job | null;
  /** Competitors, best first: the first MAX_MEMBERS of those that pass the cell's bar. */
  members: CompanyMatch[];
  /** How many companies pass the cell's bar, listed or not: its competitor density (rubric-factors.ts). */
  competing: number;
  /** The occupations whose demand this opportunity cites, primary first. */
  occupations: OccupationFit[];
  /** 0–1: how much of the query this opportunity's definition is about. */
  definitionFit: number;
  groups: TermGroup[];
  /** The segment's own industry when it is not the query's customer (an adjacent cell). */
  industry?: CustomerIndustry;
  /** Per member of an adjacent cell: the industry its own text names (the neighbour), or null when it names none (it sells to all). */
  namedBy?: (string | null)[];
};

export const MAX_MEMBERS = 8;
const BEST_MARGIN = 0.18;
/** A company serves a job when it is close to the job's task and to the query's market. */
export const JOB_COMPETES = 0.5;
const JOB_MARKET_FLOOR = COMPETES - 0.1;
/** Share of the offering's (rarity-weighted) words a company must use to compete for a neighbour's custom. */
const ADJACENT_OFFERING_FIT = 0.5;

function capitalise(text: string): string {
  return text.length > 0 ? `${text[0]!.toUpperCase()}${text.slice(1)}` : text;
}

/**
 * The bar a competitor must pass: absolute, and relative to the best match, so a query whose
 * customer word pulls in the whole vertical ("dental") keeps only the companies close to its need.
 */
export function competitorBar(matches: CompanyMatch[]): number {
  const best = matches.find((m) => m.doesJob)?.relevance ?? 0;
  return Math.max(COMPETES, best - BEST_MARGIN);
}

/** The companies that pass the core cell's bar, in the order a founder meets them (ADR 054). */
function corePassing(index: EngineIndex, matches: CompanyMatch[]): CompanyMatch[] {
  const bar = competitorBar(matches);
  const passed = matches.filter((m) => m.doesJob && m.relevance >= bar).map((m) => ({ m, score: m.relevance }));
  return byStanding(index.corpus.companies, passed).map((s) => s.m);
}

export function coreMembers(index: EngineIndex, matches: CompanyMatch[]): CompanyMatch[] {
  return corePassing(index, matches).slice(0, MAX_MEMBERS);
}

function jobMembers(
  index: EngineIndex,
  job: Job,
  matches: CompanyMatch[],
): { members: CompanyMatch[]; competing: number } {
  const sets = index.semantic.sets!;
  const dims = sets.tasks.dimensions;
  const task = sets.tasks.vectors.subarray(job.row * dims, (job.row + 1) * dims);
  const scored: { m: CompanyMatch; score: number }[] = [];
  for (const m of matches) {
    if (m.relevance < JOB_MARKET_FLOOR) break;
    if (!m.doesJob) continue;
    const fit = Math.max(
      dot(task, sets.companies.vectors, m.id * dims),
      dot(task, sets.descriptions.vectors, m.id * dims),
    );
    const score = 0.5 * fit + 0.5 * m.relevance;
    if (score >= JOB_COMPETES) scored.push({ m, score });
  }
  // By how well they do this job alone: standing would bring the same known names into every job's cell.
  scored.sort((a, b) => b.score - a.score || a.m.id - b.m.id);
  return { members: scored.slice(0, MAX_MEMBERS).map((s) => s.m), competing: scored.length };
}

/** "Offices of Physicians" → "offices of physicians"; "Drinking Places (Alcoholic Beverages)" → "drinking places". */
function plainIndustry(title: string): string {
  return title
    .replace(/\s*\([^)]*\)/g, '')
    .trim()
    .toLowerCase();
}

/**
 * The query's need for each neighbour of its customer's industry: the market's companies whose own
 * text names that neighbour ("physician", "chiropractor") are its competitors.
 */
function adjacentCells(
  index: EngineIndex,
  query: ParsedQuery,
  matches: CompanyMatch[],
  occupations: OccupationFit[],
  industry: CustomerIndustry,
): Cell[] {
  const workers = occupations.filter((o) => o.role === 'worker');
  const offering = query.groups.filter((g) => g.facet === 'offering');
  if (offering.length === 0) return [];
  const definitionFit = offering.length / query.groups.length;
  // Competing for the offering itself: its words, most of them, whatever customer the text names.
  const market = matches.filter(
    (m) =>
      m.doesJob &&
      m.relevance >= JOB_MARKET_FLOOR &&
      coverageOf(index, index.companyTerms[m.id]!, offering).coverage >= ADJACENT_OFFERING_FIT,
  );
  // A word the query's offering says ("billing") tells nothing about whom a company serves.
  const offered = new Set(offering.flatMap((g) => [g.word, ...g.synonyms]));
  const kept = (names: readonly string[][]): string[][] =>
    names.filter((head) => !head.some((w) => [...offered].some((o) => sameWord(o, w))));
  // A competitor of the query's own need whose text names no kind of business at all sells to every
  // one of them: it competes next door too (a front-desk tool "for practices" serves physicians as well).
  const everyName = [...industryNames(index.corpus.market!).values()].flatMap(kept);
  // The customer's kind ("dental"), not its place of business ("practices", which a medical tool says too).
  const segmentGroups = new Set(
    query.groups.flatMap((g, i) => (g.facet === 'segment' && !isEstablishmentWord(g.word) ? [i] : [])),
  );
  const horizontal = coreMembers(index, matches).filter((m) => {
    // Its text says the query's own customer ("dental"): it is the customer's, not everyone's.
    if (m.matched.some((i) => segmentGroups.has(i))) return false;
    const terms = index.companyTerms[m.id]!;
    return namedIn(terms.head, everyName) === null && namedIn(terms.body, everyName) === null;
  });
  return adjacentIndustries(index, industry).map((adjacent) => {
    const names = kept(adjacent.names);
    const vertical = market.filter((m) => {
      const terms = index.companyTerms[m.id]!;
      return namedIn(terms.head, names) !== null || namedIn(terms.body, names) !== null;
    });
    // Those naming the neighbour first, then those naming no one; in the market's order within each.
    // Its pool (and count): the market's companies naming the neighbour, and those of the core's listed
    // competitors that name no one (all the core's would bring in off-target ones: measured, ADR 056).
    const passing = [...vertical, ...horizontal.filter((m) => !vertical.includes(m))];
    const members = passing.slice(0, MAX_MEMBERS);
    const namedBy = members.map((m) => (vertical.includes(m) ? adjacent.naics : null));
    const segment = plainIndustry(adjacent.title);
    return {
      kind: 'adjacent',
      title: `${capitalise(asWritten(query.offeringText, query.text))} for ${segment}`,
      offering: shownOffering(query),
      segment,
      job: null,
      members,
      competing: passing.length,
      // The people whose work it does are the same; the neighbour's buyers are not matched to the query.
      occupations: workers,
      definitionFit: Math.round(definitionFit * 1000) / 1000,
      groups: offering,
      industry: neighbourIndustry(index, adjacent, industry),
      namedBy,
    } satisfies Cell;
  });
}

/** Words of an offering short enough to follow a job in its title ("… in meal kit delivery"). */
const MAX_CONTEXT_WORDS = 6;

/**
 * "Scheduling caregivers for home care agencies"; "Reviewing time sheets in payroll software". A job is
 * titled alone when the query's offering is a clause or a story ("I pay for a gym I never go to…"):
 * appended, it would make the title a sentence.
 */
export function jobTitle(
  job: Pick<Job, 'phrase'>,
  query: Pick<ParsedQuery, 'segmentText' | 'offeringText' | 'text'>,
): string {
  // A job that already says for whom or where ("Interpreting laws for individuals and businesses")
  // is titled alone: a second "for" would read as one more beneficiary.
  if (query.segmentText)
    return / for /i.test(job.phrase) ? job.phrase : `${job.phrase} for ${asWritten(query.segmentText, query.text)}`;
  const offering = query.offeringText.trim();
  if (offering.length === 0 || isClause(offering) || words(offering).length > MAX_CONTEXT_WORDS) return job.phrase;
  return / in /i.test(job.phrase) ? job.phrase : `${job.phrase} in ${asWritten(offering, query.text)}`;
}

/** The query's offering as the user wrote it, inside a sentence ("how much I drink", "AI phone agent"). */
function shownOffering(query: ParsedQuery): string {
  return inSentence(asWritten(query.offeringText, query.text));
}

export function planCells(
  index: EngineIndex,
  query: ParsedQuery,
  vectors: QueryVectors | null,
  matches: CompanyMatch[],
  occupations: OccupationFit[],
  jobs: Job[],
  industry: CustomerIndustry | null = null,
): Cell[] {
  const segment = query.segmentText ? asWritten(query.segmentText, query.text) : 'all customers';
  const passing = corePassing(index, matches);
  const core: Cell = {
    kind: 'core',
    // The user's own words ("… in Mexico" stays "in Mexico", names keep their capitals).
    title: capitalise(query.needText),
    offering: shownOffering(query),
    segment,
    job: null,
    members: passing.slice(0, MAX_MEMBERS),
    competing: passing.length,
    occupations,
    definitionFit: 1,
    groups: [...query.groups],
  };
  const cells: Cell[] = [core];
  // Neighbours of the customer's industry, when the query has one: a buyer taken from the directory's
  // tags (directory-buyer.ts) works in every industry, and its home's neighbours would be padding.
  if (industry && !industry.customer?.basis && query.offeringText.trim().length > 0)
    cells.push(...adjacentCells(index, query, matches, occupations, industry));
  if (!vectors || !index.semantic.sets) return cells;
  const customers = occupations.filter((o) => o.role === 'customer');
  // A job that restates the query's own need is the core's evidence, not a second opportunity.
  for (const job of jobs.filter((j) => j.needFit < SAME_NEED)) {
    const demand = [job.occupation, ...customers.filter((c) => c.id !== job.occupation.id)];
    const { members, competing } = jobMembers(index, job, matches);
    cells.push({
      kind: 'job',
      title: jobTitle(job, query),
      offering: job.phrase,
      segment,
      job,
      members,
      competing,
      occupations: demand,
      definitionFit: job.fit,
      groups: query.groups.filter((g) => g.facet === 'segment'),
    });
  }
  return cells;
}
