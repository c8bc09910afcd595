import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { EngineIndex, TermSets } from '../index/engine-index.ts';
import { searchIndex } from '../index/lexical-index.ts';
import { inDateRange } from './classify.ts';
import { termsFor, type TermGroup } from './parse-query.ts';

// Hybrid retrieval: BM25 (normalised by the top score) mixed 0.4 with 0.6 cosine similarity when
// sentence vectors are available, over the union of both candidate lists; then each candidate's
// coverage of the query's words, weighted by how rare each word is in the directory.

export type Candidate = {
  id: number;
  score: number;
  bm25: number;
  cosine: number | null;
  /** Indexes into the query's groups that this company's text matches (word or synonym). */
  matched: number[];
  coverage: number;
};

const LEXICAL_LIMIT = 400;
const SEMANTIC_LIMIT = 300;
const COSINE_WEIGHT = 0.6;

const MAX_PREFIX_TAIL = 4;
const PREFIX_STRENGTH = 0.8;

/** 1 for the term itself, less for a word it begins ("account" → "accounting"), 0 otherwise. */
function termMatch(terms: Set<string>, candidate: string): number {
  if (terms.has(candidate)) return 1;
  // Prefix matching mirrors the BM25 index (terms of 4+ characters), but only for short endings:
  // "hello" must not match "hellosaurus".
  if (candidate.length < 4) return 0;
  for (const t of terms)
    if (t.length - candidate.length <= MAX_PREFIX_TAIL && t.startsWith(candidate)) return PREFIX_STRENGTH;
  return 0;
}

const BODY_STRENGTH = 0.6;
const SYNONYM_STRENGTH = 0.7;

/** How strongly a text matches a query word: 1 in its headline fields, less in the description or through a synonym. */
export function matchStrength(terms: TermSets, group: TermGroup): number {
  let best = 0;
  const candidates: [string, number][] = [
    [group.word, 1],
    ...group.synonyms.map((s): [string, number] => [s, SYNONYM_STRENGTH]),
  ];
  for (const [candidate, factor] of candidates) {
    if (best >= factor) continue;
    const inHead = termMatch(terms.head, candidate) * factor;
    const inBody = termMatch(terms.body, candidate) * factor * BODY_STRENGTH;
    best = Math.max(best, inHead, inBody);
  }
  return best;
}

/** Inverse document frequency of a query word in the directory: rare words weigh more. */
export function groupWeight(index: EngineIndex, group: TermGroup): number {
  const n = index.corpus.companies.length;
  const df = index.documentFrequency.get(group.word) ?? 0;
  return Math.log(1 + n / (df + 1));
}

export function coverageOf(
  index: EngineIndex,
  terms: TermSets,
  groups: readonly TermGroup[],
): { matched: number[]; coverage: number } {
  let total = 0;
  let hit = 0;
  const matched: number[] = [];
  groups.forEach((g, i) => {
    const w = groupWeight(index, g);
    total += w;
    const strength = matchStrength(terms, g);
    if (strength > 0) {
      hit += w * strength;
      matched.push(i);
    }
  });
  return { matched, coverage: total > 0 ? hit / total : 0 };
}

export function companyFilter(index: EngineIndex, filters: SearchFilters): (id: number) => boolean {
  const categories = new Set(filters.categories);
  return (id) => {
    if (categories.size > 0 && !categories.has(index.categories[id]!)) return false;
    return inDateRange(index.corpus.companies[id]!, filters.dateRange);
  };
}

function cosineTop(index: EngineIndex, query: Float32Array, allow: (id: number) => boolean): Map<number, number> {
  const { vectors, dimensions } = index.semantic;
  const out = new Map<number, number>();
  if (!vectors) return out;
  const scores: [number, number][] = [];
  for (let id = 0; id * dimensions < vectors.length; id++) {
    if (!allow(id)) continue;
    let dot = 0;
    for (let d = 0; d < dimensions; d++) dot += vectors[id * dimensions + d]! * query[d]!;
    scores.push([id, dot]);
  }
  scores.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  for (const [id, s] of scores.slice(0, SEMANTIC_LIMIT)) out.set(id, s);
  return out;
}

export function retrieveCompanies(
  index: EngineIndex,
  groups: readonly TermGroup[],
  filters: SearchFilters,
  queryVector: Float32Array | null,
): Candidate[] {
  const allow = companyFilter(index, filters);
  const lexical = searchIndex(index.lexical.companies, 'companies', termsFor(groups), allow).slice(0, LEXICAL_LIMIT);
  const top = lexical[0]?.score ?? 1;
  const bm25 = new Map(lexical.map((r) => [r.id as number, r.score / top]));
  const cosine = queryVector ? cosineTop(index, queryVector, allow) : new Map<number, number>();
  const ids = new Set([...bm25.keys(), ...cosine.keys()]);
  const candidates: Candidate[] = [];
  for (const id of ids) {
    const b = bm25.get(id) ?? 0;
    const c = queryVector ? (cosine.get(id) ?? 0) : null;
    const { matched, coverage } = coverageOf(index, index.companyTerms[id]!, groups);
    if (matched.length === 0) continue;
    const hybrid = c === null ? b : COSINE_WEIGHT * Math.max(c, 0) + (1 - COSINE_WEIGHT) * b;
    // Coverage gates the ranking: a long description that mentions many query words in passing
    // should not outrank a company whose headline is the query.
    const score = coverage * (0.3 + 0.7 * hybrid);
    candidates.push({ id, score, bm25: b, cosine: c, matched, coverage });
  }
  candidates.sort(
    (a, b) => b.score - a.score || index.corpus.companies[a.id]!.slug.localeCompare(index.corpus.companies[b.id]!.slug),
  );
  return candidates;
}

export type OccupationMatch = { id: number; score: number; coverage: number };

export function retrieveOccupations(index: EngineIndex, groups: readonly TermGroup[]): OccupationMatch[] {
  const results = searchIndex(index.lexical.occupations, 'occupations', termsFor(groups));
  const top = results[0]?.score ?? 1;
  return results
    .slice(0, 40)
    .map((r) => {
      const id = r.id as number;
      const { coverage } = coverageOf(index, index.occupationTerms[id]!, groups);
      return { id, score: r.score / top, coverage };
    })
    .filter((m) => m.coverage > 0)
    .sort((a, b) => b.coverage * b.score - a.coverage * a.score || a.id - b.id);
}

export function retrieveIndustries(index: EngineIndex, groups: readonly TermGroup[]): number[] {
  return searchIndex(index.lexical.industries, 'industries', termsFor(groups))
    .slice(0, 3)
    .map((r) => r.id as number);
}
