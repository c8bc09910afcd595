import type { AnalysisStage, Competitor, Opportunity } from '#shared/engine/analysis.schemas.ts';
import type { Category, SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import { buildCells, ELIGIBLE_COVERAGE, type Cell } from './build-cells.ts';
import { evidenceDate } from './classify.ts';
import { composeOffline } from './compose-offline.ts';
import { measureCell, type Demand, type MeasuredCell } from './measure.ts';
import { parseQuery, type ParsedQuery } from './parse-query.ts';
import { retrieveCompanies, type Candidate } from './retrieve.ts';
import { scoreEvidence, type RubricScores } from './rubric.ts';
import { sortOpportunities } from './sort-opportunities.ts';

// The pipeline from query to scored cells: parse → retrieve → build cells → measure → score.
// Pure for a given index; text composition (offline or LLM) is the caller's last step.

/** Real queries match at least ~40 % of their (rarity-weighted) words, nonsense ≤ 25 % (STACK-NOTES): a third separates them. */
export const MIN_QUERY_COVERAGE = 1 / 3;
const MAX_OPPORTUNITIES = 8;

export type ScoredCell = MeasuredCell & { scores: RubricScores; category: Category };

export type PipelineResult =
  | { status: 'insufficient_data'; reason: string; query: ParsedQuery; semanticUsed: boolean }
  | { status: 'ok'; query: ParsedQuery; cells: ScoredCell[]; filteredOut: number; semanticUsed: boolean };

export type PipelineHooks = { signal?: AbortSignal; onStage?: (stage: AnalysisStage) => void };

export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The analysis was aborted', 'AbortError');
}

function check(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

function cellCategory(index: EngineIndex, members: Candidate[], fallback: Candidate[]): Category {
  const pool = members.length > 0 ? members : fallback.slice(0, 10);
  const counts = new Map<Category, number>();
  for (const m of pool) counts.set(index.categories[m.id]!, (counts.get(index.categories[m.id]!) ?? 0) + 1);
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
  const inRange = (v: number, [min, max]: [number, number]): boolean => v >= min && v <= max;
  if (f.categories.length > 0 && !f.categories.includes(c.category)) return false;
  if (f.marketPotential !== null && s.marketPotential !== f.marketPotential) return false;
  return (
    inRange(s.innovationScore, f.innovationScore) &&
    inRange(s.marketSize, f.marketSize) &&
    inRange(s.feasibility, f.feasibilityScore)
  );
}

export async function runPipeline(
  index: EngineIndex,
  input: { query: string; filters: SearchFilters },
  hooks: PipelineHooks,
  embedQuery: ((text: string) => Promise<Float32Array>) | null,
): Promise<PipelineResult> {
  const { signal, onStage } = hooks;
  check(signal);
  onStage?.('parsing');
  const n = index.corpus.companies.length;
  const query = parseQuery(input.query, input.filters.keywords, (t) => (index.documentFrequency.get(t) ?? 0) / n);
  if (query.groups.length === 0) {
    return {
      status: 'insufficient_data',
      reason: 'The query has no content word to search for (it is empty, only stop words or only symbols).',
      query,
      semanticUsed: false,
    };
  }
  check(signal);
  onStage?.('retrieving');
  // A failing sentence model must not fail the search: the query is answered lexically instead.
  const vector = embedQuery ? await embedQuery(query.text).catch(() => null) : null;
  check(signal);
  const candidates = retrieveCompanies(index, query.groups, input.filters, vector);
  const best = Math.max(0, ...candidates.slice(0, 50).map((c) => c.coverage));
  if (best < MIN_QUERY_COVERAGE) {
    const matched = candidates[0]
      ? query.groups.filter((_, i) => candidates[0]!.matched.includes(i)).map((g) => g.word)
      : [];
    return {
      status: 'insufficient_data',
      reason:
        candidates.length === 0
          ? noMatchReason(index, input.filters)
          : `The best matches cover only ${Math.round(best * 100)} % of the query's meaning (${matched.length ? `they match "${matched.join('", "')}"` : 'no content word'}); at least ${Math.round(MIN_QUERY_COVERAGE * 100)} % is needed to say anything reliable.`,
      query,
      semanticUsed: vector !== null,
    };
  }
  const cells = buildCells(index, query, candidates);
  const eligible = candidates.filter((c) => c.coverage >= ELIGIBLE_COVERAGE).length;
  check(signal);
  onStage?.('scoring');
  const demandCache = new Map<string, Demand | null>();
  const scored: ScoredCell[] = cells
    .filter((cell: Cell) => cell.members.length > 0 || cell.kind === 'core')
    .map((cell) => {
      const measured = measureCell(index, query, cell, demandCache, eligible, input.filters.dateRange);
      return {
        ...measured,
        scores: scoreEvidence(measured.evidence),
        category: cellCategory(index, cell.members, candidates),
      };
    });
  const kept = scored.filter((c) => withinFilters(c, input.filters));
  return {
    status: 'ok',
    query,
    cells: sortOpportunities(kept, input.filters).slice(0, MAX_OPPORTUNITIES),
    filteredOut: scored.length - kept.length,
    semanticUsed: vector !== null,
  };
}

export function toOpportunity(
  cell: ScoredCell,
  rank: number,
  text: ReturnType<typeof composeOffline>,
  extraCompetitors: Competitor[] = [],
): Opportunity {
  const s = cell.scores;
  const competitors: Competitor[] = cell.companies.map((c) => ({
    name: c.name,
    ...(c.website ? { url: c.website } : {}),
    status: c.status,
    batch: c.batch,
    ...(c.oneLiner ? { oneLiner: c.oneLiner } : {}),
    source: c.source,
    verified: true,
    evidenceId: `company:${c.slug}`,
  }));
  return {
    ...text,
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
    cell: { offering: cell.cell.offering, segment: cell.cell.segment },
    competitors: [...competitors, ...extraCompetitors],
    evidence: cell.evidence,
    breakdown: s.breakdown,
    riskFlags: cell.evidence
      .filter((e) => e.id.startsWith('risk:') && s.breakdown.feasibility.factors[0]!.evidenceIds.includes(e.id))
      .map((e) => e.ref),
  };
}
