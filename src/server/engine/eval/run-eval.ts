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

// The evaluation behind `npm run eval`: competitor recall, groundedness, determinism, abstention
// on nonsense, and the leave-one-out check.

const evalSetSchema = z.object({
  queries: z
    .array(z.object({ query: z.string(), segment: z.enum(['b2c', 'b2b']), expect: z.array(z.string()).min(1) }))
    .min(30),
  nonsense: z.array(z.string()),
  leaveOneOut: z.array(z.object({ slug: z.string(), query: z.string() })),
});
export type EvalSet = z.infer<typeof evalSetSchema>;

export function readEvalSet(): EvalSet {
  const file = fileURLToPath(new URL('./eval-set.json', import.meta.url));
  return evalSetSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

export type QueryResult = {
  query: string;
  segment: string;
  expected: number;
  found: string[];
  missed: string[];
  status: string;
};
export type LeaveOneOutResult = {
  slug: string;
  query: string;
  foundWithIt: boolean;
  before: number;
  after: number;
  raised: boolean;
};
export type EvalReport = {
  queries: QueryResult[];
  recall: number;
  recallBySegment: Record<string, number>;
  falseAbstentions: number;
  groundedness: { numbers: number; grounded: number; share: number; failures: string[] };
  determinism: { identical: number; total: number };
  abstention: { abstained: number; total: number; leaked: string[] };
  leaveOneOut: LeaveOneOutResult[];
};

function namesIn(a: GapAnalysis): Set<string> {
  return new Set(a.opportunities.flatMap((o) => o.competitors.map((c) => c.name)));
}

export async function runEval(engine: Engine, index: EngineIndex, set: EvalSet): Promise<EvalReport> {
  const results: QueryResult[] = [];
  const grounding = { numbers: 0, grounded: 0, share: 0, failures: [] as string[] };
  let identical = 0;
  for (const q of set.queries) {
    const first = await engine.analyze({ query: q.query, filters: defaultFilters() });
    const second = await engine.analyze({ query: q.query, filters: defaultFilters() });
    if (JSON.stringify(first) === JSON.stringify(second)) identical++;
    const names = namesIn(first);
    results.push({
      query: q.query,
      segment: q.segment,
      expected: q.expect.length,
      found: q.expect.filter((n) => names.has(n)),
      missed: q.expect.filter((n) => !names.has(n)),
      status: first.status,
    });
    const g = verifyAnalysis(first);
    grounding.numbers += g.numbers;
    grounding.grounded += g.grounded;
    grounding.failures.push(...g.failures.map((f) => `${q.query}: ${f}`));
  }
  grounding.share = grounding.numbers > 0 ? grounding.grounded / grounding.numbers : 1;
  const recallOf = (rs: QueryResult[]): number => {
    const expected = rs.reduce((s, r) => s + r.expected, 0);
    return expected > 0 ? rs.reduce((s, r) => s + r.found.length, 0) / expected : 0;
  };
  const leaked: string[] = [];
  for (const q of set.nonsense) {
    const a = await engine.analyze({ query: q, filters: defaultFilters() });
    if (a.status !== 'insufficient_data') leaked.push(q);
  }
  return {
    queries: results,
    recall: recallOf(results),
    recallBySegment: {
      b2c: recallOf(results.filter((r) => r.segment === 'b2c')),
      b2b: recallOf(results.filter((r) => r.segment === 'b2b')),
    },
    falseAbstentions: results.filter((r) => r.status === 'insufficient_data').length,
    groundedness: grounding,
    determinism: { identical, total: set.queries.length },
    abstention: { abstained: set.nonsense.length - leaked.length, total: set.nonsense.length, leaked },
    leaveOneOut: await leaveOneOut(index, set),
  };
}

function cellKey(c: { cell: { kind: string; offering: string; segment: string } }): string {
  return `${c.cell.kind}|${c.cell.offering}|${c.cell.segment}`;
}

/** The company's own niche: the first cell (in ranking order) that lists it, and that cell's score without it. */
async function leaveOneOut(index: EngineIndex, set: EvalSet): Promise<LeaveOneOutResult[]> {
  const out: LeaveOneOutResult[] = [];
  for (const { slug, query } of set.leaveOneOut) {
    const before = await runPipeline(index, { query, filters: defaultFilters() }, {}, null);
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
      null,
    );
    const same = after.status === 'ok' ? after.cells.find((c) => cellKey(c) === cellKey(niche)) : undefined;
    // A niche left with no company drops out of the cell list; score its evidence without the company.
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
