import type { AnalysisStage, Competitor, Opportunity } from '#shared/engine/analysis.schemas.ts';
import { scoreInRange, type Category, type SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import { judgeAbstention } from './abstain.ts';
import { companyCategory, evidenceDate } from './classify.ts';
import { COMPETES, matchCompanies, type CompanyMatch } from './company-match.ts';
import { composeOffline } from './compose-offline.ts';
import { findJobs, type Job } from './jobs.ts';
import { readCustomer, type CustomerReading } from './customer.ts';
import { customerIndustry } from './customer-industry.ts';
import { cellInsights } from './insight.ts';
import { matchReason } from './match-reason.ts';
import { measureCell, type MeasuredCell } from './measure.ts';
import { matchOccupations, withDirectoryBuyer, type OccupationFit } from './occupation-match.ts';
import { directoryBuyer } from './directory-buyer.ts';
import { MAX_GROUPS, parseQuery, queryText, type ParsedQuery } from './parse-query.ts';
import { nearWords } from './near-words.ts';
import { planCells, type Cell } from './plan-opportunities.ts';
import { embedQueryVectors, withWorkerTitle, type QueryVectors } from './query-vectors.ts';
import { scoreEvidence, type RubricScores } from './rubric.ts';
import { sortOpportunities } from './sort-opportunities.ts';
import { withoutRepeatedJobs } from './distinct-jobs.ts';
import { contentWords, processTerm } from '../text/tokenize.ts';

// The pipeline from query to scored opportunities: parse → embed → match companies and
// occupations → abstain or plan (core need + jobs) → measure → score. Pure for a given index; text
// composition (offline or LLM) is the caller's last step.

const MAX_OPPORTUNITIES = 8;
/** Companies close enough to the market to count in its founder interest (a little below the competitor bar). */
const MARKET_MARGIN = 0.05;

export type ScoredCell = MeasuredCell & {
  scores: RubricScores;
  category: Category;
  matches: CompanyMatch[];
  /** The one thing a founder should know first, from the evidence (insight.ts). */
  insight: string;
};

export type PipelineResult =
  | { status: 'insufficient_data'; reason: string; query: ParsedQuery; semanticUsed: boolean }
  | {
      status: 'ok';
      query: ParsedQuery;
      cells: ScoredCell[];
      filteredOut: number;
      semanticUsed: boolean;
      jobs: Job[];
    };

export type PipelineHooks = { signal?: AbortSignal; onStage?: (stage: AnalysisStage) => void };

export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The analysis was aborted', 'AbortError');
}

function check(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** The worker's title without the customer's words ("Dental Receptionist" → "Receptionist"): the job alone. */
function roleTitle(title: string, query: ParsedQuery): string | null {
  const segment = new Set(query.groups.filter((g) => g.facet === 'segment').map((g) => g.word));
  const kept = title.split(/\s+/).filter((w) => !segment.has(processTerm(w) ?? ''));
  return kept.length > 0 ? kept.join(' ') : null;
}

/** The category of the query's own words, counted twice, and of the cell's competitors. */
function cellCategory(index: EngineIndex, query: ParsedQuery, cell: Cell): Category {
  const counts = new Map<Category, number>();
  const add = (c: Category, n: number): void => void counts.set(c, (counts.get(c) ?? 0) + n);
  const own = companyCategory({ industry: '', subindustry: query.text, tags: [] });
  if (own !== 'technology') add(own, 2);
  for (const m of cell.members) add(index.categories[m.id]!, 1);
  const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return sorted[0]?.[0] ?? 'technology';
}

const newestDates = new WeakMap<EngineIndex, string | null>();

/** The most recent evidence date in the corpus (computed once per index). */
function newestEvidenceDate(index: EngineIndex): string | null {
  if (!newestDates.has(index)) {
    let newest: string | null = null;
    for (const company of index.corpus.companies) {
      const date = evidenceDate(company);
      if (date !== null && (newest === null || date > newest)) newest = date;
    }
    newestDates.set(index, newest);
  }
  return newestDates.get(index) ?? null;
}

function noMatchReason(index: EngineIndex, filters: SearchFilters): string {
  const where = index.corpus.kind === 'seed' ? 'seed corpus' : 'directory';
  const newest = newestEvidenceDate(index);
  const { from } = filters.dateRange;
  // A window that starts after the newest evidence can never match: say so, rather than blame the query.
  if (from !== null && newest !== null && from > newest) {
    return `The ${where} has no evidence dated from ${from} on: its most recent company entry is dated ${newest}. Widen the date range to analyse this market.`;
  }
  const narrowed = filters.categories.length > 0 || filters.dateRange.from !== null || filters.dateRange.to !== null;
  return `No company in the ${where} matches any word of the query${narrowed ? ' within the chosen categories and dates' : ''}.`;
}

function withinFilters(c: ScoredCell, f: SearchFilters): boolean {
  const s = c.scores;
  if (f.categories.length > 0 && !f.categories.includes(c.category)) return false;
  if (f.marketPotential !== null && s.marketPotential !== f.marketPotential) return false;
  return (
    scoreInRange(s.innovationScore, f.innovationScore) &&
    scoreInRange(s.marketSize, f.marketSize) &&
    scoreInRange(s.feasibility, f.feasibilityScore)
  );
}

/**
 * The customer the query names (read first: it may give the query its segment), the query's vectors (a
 * failing sentence model must not fail the search: it is answered by words instead), the occupations
 * it cites, the cited worker's title as a further view of the job, and every company scored against it.
 */
export async function gatherEvidence(
  index: EngineIndex,
  parsed: ParsedQuery,
  filters: SearchFilters,
): Promise<{
  query: ParsedQuery;
  customer: CustomerReading | null;
  vectors: QueryVectors | null;
  occupations: OccupationFit[];
  matches: CompanyMatch[];
}> {
  const { query, customer } = readCustomer(index, parsed);
  const queryVectors = await embedQueryVectors(index, query).catch(() => null);
  const occupations = matchOccupations(index, query, queryVectors, customer);
  const worker = occupations.find((o) => o.role === 'worker');
  const vectors = queryVectors
    ? await withWorkerTitle(index, queryVectors, worker ? roleTitle(worker.matchedTitle, query) : null).catch(
        () => queryVectors,
      )
    : null;
  return { query, customer, vectors, occupations, matches: matchCompanies(index, query, vectors, filters) };
}

/**
 * The occupations an analysis cites: the query's own, and when it names no customer, the buyer its
 * competitors are filed under (directory-buyer.ts). Not part of the evidence abstention judges: a
 * buyer read from other companies' tags says nothing about whether the query is about a market.
 */
export function withBuyer(
  index: EngineIndex,
  evidence: Pick<Awaited<ReturnType<typeof gatherEvidence>>, 'customer' | 'vectors' | 'occupations' | 'matches'>,
): OccupationFit[] {
  const { customer, vectors, occupations, matches } = evidence;
  return customer?.industry
    ? occupations
    : withDirectoryBuyer(index, occupations, directoryBuyer(index, matches), vectors);
}

export async function runPipeline(
  index: EngineIndex,
  input: { query: string; filters: SearchFilters },
  hooks: PipelineHooks,
): Promise<PipelineResult> {
  const { signal, onStage } = hooks;
  check(signal);
  onStage?.('parsing');
  const n = index.corpus.companies.length;
  // Past the word cap, the words kept are those the query's nearest companies write (near-words.ts).
  const long = contentWords(input.query).length > MAX_GROUPS;
  const characteristic = long ? await nearWords(index, queryText(input.query)).catch(() => null) : null;
  const parsed = parseQuery(
    input.query,
    input.filters.keywords,
    (t) => (index.documentFrequency.get(t) ?? 0) / n,
    (p) => index.places.has(p),
    characteristic,
  );
  if (parsed.groups.length === 0) {
    return {
      status: 'insufficient_data',
      reason: 'The query has no content word to search for (it is empty, only stop words or only symbols).',
      query: parsed,
      semanticUsed: false,
    };
  }
  check(signal);
  onStage?.('retrieving');
  // A failing sentence model must not fail the search: the query is answered lexically instead.
  const { query, customer, vectors, occupations, matches } = await gatherEvidence(index, parsed, input.filters);
  check(signal);
  // Whether the data can answer is a property of the query, not of the filters: a category or date
  // filter that leaves little is judged on the whole directory (and then says what it removed).
  const narrowed =
    input.filters.categories.length > 0 || input.filters.dateRange.from !== null || input.filters.dateRange.to !== null;
  const judged = narrowed
    ? matchCompanies(index, query, vectors, { ...input.filters, categories: [], dateRange: { from: null, to: null } })
    : matches;
  const abstention = judgeAbstention(index, query, vectors, judged, occupations);
  if (abstention || (narrowed && matches.length === 0)) {
    const reason = matches.length === 0 ? noMatchReason(index, input.filters) : abstention!;
    return { status: 'insufficient_data', reason, query, semanticUsed: vectors !== null };
  }
  const cited = withBuyer(index, { customer, vectors, occupations, matches });
  const jobs = findJobs(index, vectors, cited, query);
  const industry = customerIndustry(index, cited, customer);
  const cells = planCells(index, query, vectors, matches, cited, jobs, industry);
  const marketCompanies = matches.filter((m) => m.doesJob && m.relevance >= COMPETES - MARKET_MARGIN).length;
  check(signal);
  onStage?.('scoring');
  const measured = cells.map((cell) =>
    measureCell(index, query, cell, jobs, marketCompanies, input.filters.dateRange, customer),
  );
  const insights = cellInsights(measured);
  const scored: ScoredCell[] = measured.map((m, i) => ({
    ...m,
    scores: scoreEvidence(m.evidence),
    category: cellCategory(index, query, m.cell),
    matches: m.cell.members,
    insight: insights[i]!,
  }));
  const distinct = withoutRepeatedJobs(scored);
  const kept = distinct.filter((c) => withinFilters(c, input.filters));
  return {
    status: 'ok',
    query,
    cells: sortOpportunities(kept, input.filters).slice(0, MAX_OPPORTUNITIES),
    filteredOut: distinct.length - kept.length,
    semanticUsed: vectors !== null,
    jobs,
  };
}

export function toOpportunity(
  cell: ScoredCell,
  rank: number,
  text: ReturnType<typeof composeOffline>,
  query: ParsedQuery,
): Opportunity {
  const s = cell.scores;
  const competitors: Competitor[] = cell.companies.map((c, i) => ({
    name: c.name,
    ...(c.website ? { url: c.website } : {}),
    status: c.status,
    batch: c.batch,
    ...(c.teamSize !== null && c.teamSize > 0 ? { teamSize: c.teamSize } : {}),
    ...(c.oneLiner ? { oneLiner: c.oneLiner } : {}),
    source: c.source,
    verified: true,
    evidenceId: `company:${c.slug}`,
    match: matchReason(c, cell.matches[i]!, query),
  }));
  // The insight leads the gap's reasons, whoever wrote the rest (the offline composer starts with it).
  const gapReason = text.gapReason.startsWith(cell.insight)
    ? text.gapReason
    : `${cell.insight} ${text.gapReason}`.slice(0, 2000);
  return {
    ...text,
    gapReason,
    rank,
    category: cell.category,
    innovationScore: s.innovationScore,
    marketSize: s.marketSize,
    feasibility: s.feasibility,
    marketPotential: s.marketPotential,
    confidenceScore: s.confidenceScore,
    priority: s.priority,
    opportunityScore: s.opportunityScore,
    relevance: s.relevance,
    latestEvidenceDate: cell.latestEvidenceDate,
    cell: { offering: cell.cell.offering, segment: cell.cell.segment, kind: cell.cell.kind },
    competitors,
    evidence: cell.evidence,
    breakdown: s.breakdown,
    riskFlags: cell.evidence
      .filter((e) => e.id.startsWith('risk:') && s.breakdown.feasibility.factors[0]!.evidenceIds.includes(e.id))
      .map((e) => e.ref),
  };
}
