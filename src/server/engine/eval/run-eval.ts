import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { GapAnalysis } from '#shared/engine/analysis.schemas.ts';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import type { Corpus } from '../corpus/corpus.types.ts';
import { deriveIndex, type EngineIndex } from '../index/engine-index.ts';
import { buildLexicalIndexes } from '../index/lexical-index.ts';
import { runPipeline } from '../pipeline/analyze.ts';
import { scoreEvidence } from '../pipeline/rubric.ts';
import type { Engine } from '../engine.ts';
import { verifyAnalysis } from './verify-grounding.ts';

// The evaluation behind `npm run eval`, on a set labelled by judging the corpus by hand: market
// leaders found, recall of direct competitors, competitor precision (first 5 competitors of the
// top 3 opportunities), occupation fit, false white space, wrong abstentions, nonsense abstained,
// determinism, groundedness, and the leave-one-out check.

const labelledQuerySchema = z.object({
  query: z.string(),
  /**
   * Direct competitors a competent answer must name (category leaders first); [] when the labeller
   * judged that the directory holds nobody doing it (such a query counts for precision and
   * occupations, not for leaders or false white space).
   */
  leaders: z.array(z.string()),
  /** Other direct or close competitors: naming them is correct, they are not required. */
  relevant: z.array(z.string()),
  /** Acceptable O*NET-SOC codes for the occupations cited (customers or workers); [] when none fits. */
  soc: z.array(z.string()),
  /**
   * The customer's industry: six-digit NAICS codes, or ["consumers"] / ["businesses"] when the buyer
   * is not one kind of business. Absent in the older sets.
   */
  naics: z.array(z.string()).optional(),
  note: z.string().optional(),
});
const evalSetSchema = z.object({
  about: z.string(),
  queries: z.array(labelledQuerySchema).min(10),
  nonsense: z.array(z.string()),
  leaveOneOut: z.array(z.object({ slug: z.string(), query: z.string() })).default([]),
});
export type EvalSet = z.infer<typeof evalSetSchema>;
export type LabelledQuery = z.infer<typeof labelledQuerySchema>;

export function readEvalSet(file = fileURLToPath(new URL('./eval-set.json', import.meta.url))): EvalSet {
  return evalSetSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

export type QueryJudgement = {
  query: string;
  status: string;
  /** Whether the label names any leader (false: the labeller found nobody in the directory). */
  labelledLeaders: boolean;
  leaderFound: boolean;
  found: string[];
  missed: string[];
  /** First 5 competitors of the top 3 opportunities, each judged against the labels. */
  judged: { name: string; correct: boolean }[];
  /** Occupations cited by the query's own opportunity, and whether each is acceptable. */
  occupations: { soc: string; title: string; role: string; acceptable: boolean }[];
  occupationFit: boolean;
  /** The customer industry the analysis names (NAICS prefix), and whether it agrees with the label; null when unlabelled. */
  customerIndustry: { cited: string | null; right: boolean } | null;
  /** How many opportunities the analysis offers. */
  opportunities: number;
  /** Two or more opportunities, all within 2 points of each other: the ranking says nothing. */
  flatRanking: boolean;
  falseWhiteSpace: boolean;
};

const FLAT_POINTS = 2;

/**
 * Right when the cited industry contains a labelled six-digit industry (a BLS industry such as 6212
 * holds 621210), or when the buyer is consumers or many kinds of business and no industry is claimed.
 */
function judgeIndustry(label: LabelledQuery, cited: string | null): { cited: string | null; right: boolean } | null {
  if (!label.naics || label.naics.length === 0) return null;
  const codes = label.naics.filter((c) => /^\d{6}$/.test(c));
  const right = codes.length === 0 ? cited === null : cited !== null && codes.some((c) => c.startsWith(cited));
  return { cited, right };
}

const TOP_OPPORTUNITIES = 3;
const FIRST_COMPETITORS = 5;

/** Judges one analysis against its labels (pure: the tests and the CLI share it). */
export function judgeAnalysis(label: LabelledQuery, a: GapAnalysis): QueryJudgement {
  const names = new Set(a.opportunities.flatMap((o) => o.competitors.map((c) => c.name)));
  const correct = new Set([...label.leaders, ...label.relevant]);
  const judged = a.opportunities
    .slice(0, TOP_OPPORTUNITIES)
    .flatMap((o) => o.competitors.slice(0, FIRST_COMPETITORS))
    .map((c) => ({ name: c.name, correct: correct.has(c.name) }));
  const core = a.opportunities.find((o) => o.cell.kind === 'core') ?? a.opportunities[0];
  const occupations = (core?.evidence ?? [])
    .filter((e) => e.id.endsWith(':role'))
    .map((e) => ({
      soc: e.ref,
      title: /: (.+?)(?: \(reported|;|$)/.exec(e.note)?.[1] ?? e.ref,
      role: String(e.value),
      acceptable: label.soc.includes(e.ref),
    }));
  // Fit: something acceptable is cited and nothing unacceptable; or nothing is cited when nothing fits.
  const occupationFit =
    label.soc.length === 0
      ? occupations.length === 0
      : occupations.length > 0 && occupations.every((o) => o.acceptable);
  const found = label.leaders.filter((n) => names.has(n));
  const industry = core?.evidence.find((e) => e.id === 'industry:customer');
  return {
    query: label.query,
    status: a.status,
    labelledLeaders: label.leaders.length > 0,
    leaderFound: found.length > 0,
    found,
    missed: label.leaders.filter((n) => !names.has(n)),
    judged,
    occupations,
    occupationFit,
    customerIndustry: judgeIndustry(label, industry ? String(industry.ref).replace(/0+$/, '') : null),
    opportunities: a.opportunities.length,
    flatRanking:
      a.opportunities.length >= 2 &&
      Math.max(...a.opportunities.map((o) => o.opportunityScore)) -
        Math.min(...a.opportunities.map((o) => o.opportunityScore)) <=
        FLAT_POINTS,
    // The query's own opportunity says nobody serves it while the directory holds a labelled leader.
    falseWhiteSpace: label.leaders.length > 0 && a.status === 'ok' && (core?.competitors.length ?? 0) === 0,
  };
}

export type EvalReport = {
  queries: QueryJudgement[];
  leaderFound: number;
  recall: number;
  precision: number;
  occupationFit: number;
  /** Share of the queries with an industry label whose customer industry is right; null when none is labelled. */
  customerIndustry: number | null;
  /** Share of the analyses with two or more opportunities whose ranking is flat. */
  flatRankings: number;
  falseWhiteSpace: number;
  wrongAbstentions: number;
  abstention: { abstained: number; total: number; leaked: string[] };
  determinism: { identical: number; total: number };
  groundedness: { numbers: number; grounded: number; share: number; failures: string[] };
  leaveOneOut: LeaveOneOutResult[];
};

export type LeaveOneOutResult = {
  slug: string;
  query: string;
  foundWithIt: boolean;
  before: number;
  after: number;
  raised: boolean;
};

export async function runEval(engine: Engine, index: EngineIndex, set: EvalSet): Promise<EvalReport> {
  const queries: QueryJudgement[] = [];
  const grounding = { numbers: 0, grounded: 0, share: 0, failures: [] as string[] };
  let identical = 0;
  for (const label of set.queries) {
    const first = await engine.analyze({ query: label.query, filters: defaultFilters() });
    const second = await engine.analyze({ query: label.query, filters: defaultFilters() });
    if (JSON.stringify(first) === JSON.stringify(second)) identical++;
    queries.push(judgeAnalysis(label, first));
    const g = verifyAnalysis(first);
    grounding.numbers += g.numbers;
    grounding.grounded += g.grounded;
    grounding.failures.push(...g.failures.map((f) => `${label.query}: ${f}`));
  }
  grounding.share = grounding.numbers > 0 ? grounding.grounded / grounding.numbers : 1;
  const withLeaders = queries.filter((q) => q.labelledLeaders);
  const leaked: string[] = [];
  for (const q of set.nonsense) {
    const a = await engine.analyze({ query: q, filters: defaultFilters() });
    if (a.status !== 'insufficient_data') leaked.push(q);
  }
  const share = (n: number, d: number): number => (d > 0 ? n / d : 0);
  const expected = set.queries.reduce((s, q) => s + q.leaders.length, 0);
  const judged = queries.flatMap((q) => q.judged);
  return {
    queries,
    leaderFound: share(withLeaders.filter((q) => q.leaderFound).length, withLeaders.length),
    recall: share(
      queries.reduce((s, q) => s + q.found.length, 0),
      expected,
    ),
    precision: share(judged.filter((j) => j.correct).length, judged.length),
    occupationFit: share(queries.filter((q) => q.occupationFit).length, queries.length),
    customerIndustry: industryShare(queries),
    flatRankings: share(
      queries.filter((q) => q.flatRanking).length,
      queries.filter((q) => q.opportunities >= 2).length,
    ),
    falseWhiteSpace: queries.filter((q) => q.falseWhiteSpace).length,
    wrongAbstentions: queries.filter((q) => q.status === 'insufficient_data').length,
    abstention: { abstained: set.nonsense.length - leaked.length, total: set.nonsense.length, leaked },
    determinism: { identical, total: set.queries.length },
    groundedness: grounding,
    leaveOneOut: await leaveOneOut(index, set),
  };
}

function industryShare(queries: QueryJudgement[]): number | null {
  const labelled = queries.filter((q) => q.customerIndustry !== null);
  return labelled.length > 0 ? labelled.filter((q) => q.customerIndustry!.right).length / labelled.length : null;
}

function cellKey(c: { cell: { kind: string; offering: string; segment: string } }): string {
  return `${c.cell.kind}|${c.cell.offering}|${c.cell.segment}`;
}

/**
 * Removing a company from its niche must raise that niche's opportunity score. Run on words alone
 * (the index without the company has no sentence vectors), before and after, so both sides match.
 */
async function leaveOneOut(index: EngineIndex, set: EvalSet): Promise<LeaveOneOutResult[]> {
  const out: LeaveOneOutResult[] = [];
  const lexical: EngineIndex = { ...index, semantic: { ...index.semantic, sets: null, embed: null } };
  for (const { slug, query } of set.leaveOneOut) {
    const before = await runPipeline(lexical, { query, filters: defaultFilters() }, {});
    const niche =
      before.status === 'ok' ? before.cells.find((c) => c.companies.some((co) => co.slug === slug)) : undefined;
    if (!niche) {
      out.push({ slug, query, foundWithIt: false, before: 0, after: 0, raised: false });
      continue;
    }
    const corpus: Corpus = { ...index.corpus, companies: index.corpus.companies.filter((c) => c.slug !== slug) };
    const after = await runPipeline(
      deriveIndex(corpus, buildLexicalIndexes(corpus)),
      { query, filters: defaultFilters() },
      {},
    );
    const same = after.status === 'ok' ? after.cells.find((c) => cellKey(c) === cellKey(niche)) : undefined;
    const afterScore =
      same?.scores.opportunityScore ??
      scoreEvidence(
        niche.evidence
          .filter((e) => e.id !== `company:${slug}`)
          .map((e) => (e.id === 'market:interest' && typeof e.value === 'number' ? { ...e, value: e.value - 1 } : e)),
      ).opportunityScore;
    out.push({
      slug,
      query,
      foundWithIt: true,
      before: niche.scores.opportunityScore,
      after: afterScore,
      raised: afterScore > niche.scores.opportunityScore,
    });
  }
  return out;
}
