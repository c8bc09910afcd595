import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { EngineIndex, TermSets } from '../index/engine-index.ts';
import { searchIndex } from '../index/lexical-index.ts';
import { inDateRange } from './classify.ts';
import { termsFor, type TermGroup } from './parse-query.ts';

// Words: how much of the query (weighted by how rare each word is in the directory) a text matches,
// directly, by a prefix, in another form of the same verb ("scheduling" → "schedule", ADR 071) or through
// a synonym; the date and category filter; lexical retrieval of occupations and industries.

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
    ...group.forms.map((f): [string, number] => [f, PREFIX_STRENGTH]),
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

/** Inverse document frequency of a query word in the directory (rare words weigh more), times the word's own weight. */
export function groupWeight(index: EngineIndex, group: TermGroup): number {
  const n = index.corpus.companies.length;
  const df = index.documentFrequency.get(group.word) ?? 0;
  return Math.log(1 + n / (df + 1)) * group.weight;
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
