import type { Occupation, Projection } from '../corpus/corpus.types.ts';
import { socBase } from '../corpus/load-datasets.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import { bestByOwner } from '../index/vector-sets.ts';
import { words } from '../text/tokenize.ts';
import { dot, FORM_WORDS, type QueryVectors } from './query-vectors.ts';
import { groupWeight, matchStrength, retrieveOccupations } from './retrieve.ts';
import type { ParsedQuery } from './parse-query.ts';

// Demand by meaning: the occupations an analysis cites, each with its role. Customers are the
// people the query names as buyers ("dental practices" → dentists); workers are the people whose
// job the product does or supports ("front desk" → receptionists). Each occupation is matched on
// its title, every title people report for it, its description and its tasks, and judged against
// the whole query as well as its facet: a wrong occupation is worse than none, so below the bar
// nothing is cited.

export type OccupationRole = 'customer' | 'worker';

export type OccupationFit = {
  id: number;
  occupation: Occupation;
  projection: Projection;
  role: OccupationRole;
  /** 0–1: how well the occupation fits its role in this query. */
  fit: number;
  /** The title (official or reported) that matched best, shown as the reason. */
  matchedTitle: string;
};

export const CUSTOMER_BAR = 0.65;
export const WORKER_BAR = 0.6;
const NEAR_BEST = 0.04;
const MAX_PER_ROLE = 1;
const LEXICAL_MIN_COVERAGE = 0.25;
const TASK_DISCOUNT = 0.06;
/** Customers are the people who buy: practitioners, owners and managers rather than assistants. */
const BUYER_PRIOR = 0.04;
const BUYER_MAJOR_GROUPS = new Set(['11', '13', '15', '17', '19', '21', '23', '25', '27', '29']);
const ANCHOR_PREFIX = 5;
const MAX_ANCHOR_SHARE = 0.03;

const prefixShares = new WeakMap<EngineIndex, Map<string, number>>();
/** Share of occupations whose titles (official or reported) hold a word starting with each prefix. */
function titlePrefixShare(index: EngineIndex): Map<string, number> {
  let shares = prefixShares.get(index);
  if (!shares) {
    const counts = new Map<string, number>();
    for (const o of index.corpus.occupations) {
      const prefixes = new Set(
        [o.title, ...o.altTitles].flatMap((t) =>
          words(t)
            .filter((w) => w.length >= 3)
            .map((w) => w.slice(0, ANCHOR_PREFIX)),
        ),
      );
      for (const p of prefixes) counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    const n = Math.max(1, index.corpus.occupations.length);
    shares = new Map([...counts].map(([p, c]) => [p, c / n]));
    prefixShares.set(index, shares);
  }
  return shares;
}

type Scores = { best: Float32Array; title: Float32Array; titleRow: Int32Array };

function scoreAll(index: EngineIndex, v: Float32Array): Scores {
  const sets = index.semantic.sets!;
  const n = index.corpus.occupations.length;
  const title = new Float32Array(n).fill(-1);
  const titleRow = new Int32Array(n).fill(-1);
  const t = sets.titles;
  for (let r = 0; r < t.rows; r++) {
    const s = dot(v, t.vectors, r * t.dimensions);
    const o = t.owners[r]!;
    if (s > title[o]!) {
      title[o] = s;
      titleRow[o] = r;
    }
  }
  const tasks = bestByOwner(sets.tasks, v, n);
  const best = new Float32Array(n);
  for (let o = 0; o < n; o++) {
    const described = dot(v, sets.occupations.vectors, o * sets.occupations.dimensions);
    // Tasks are many and loosely worded: they support a match but weigh less than titles.
    best[o] = Math.max(title[o]!, described, tasks[o]! - TASK_DISCOUNT);
  }
  return { best, title, titleRow };
}

function titleOf(index: EngineIndex, scores: Scores, o: number): string {
  const occupation = index.corpus.occupations[o]!;
  const row = scores.titleRow[o]!;
  if (row < 0) return occupation.title;
  // Rows of the titles set follow occupationTitles(): recover the text by counting rows per owner.
  const sets = index.semantic.sets!;
  let first = row;
  while (first > 0 && sets.titles.owners[first - 1] === o) first--;
  const titles = [occupation.title, ...occupation.altTitles];
  const seen = new Set<string>();
  const unique = titles.filter((t) => {
    const k = t.replace(/\s+/g, ' ').trim().toLowerCase();
    if (k.length === 0 || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return unique[row - first] ?? occupation.title;
}

export function matchOccupations(
  index: EngineIndex,
  query: ParsedQuery,
  vectors: QueryVectors | null,
): OccupationFit[] {
  const corpus = index.corpus;
  const withProjection = (o: number): Projection | undefined =>
    corpus.projections.get(socBase(corpus.occupations[o]!.soc));
  if (!vectors || !index.semantic.sets) return lexicalOccupations(index, query);

  // Meaning proposes, words confirm: an occupation is cited only when one of its titles shares a
  // word (or a word's first letters: "veterinary" → "veterinarian") with the query.
  const queryPrefixes = new Set(
    query.groups
      .flatMap((g) => [g.word, ...g.synonyms])
      .filter((w) => w.length >= 3 && !FORM_WORDS.has(w))
      .map((w) => w.slice(0, ANCHOR_PREFIX)),
  );
  // A prefix shared by many occupations' titles ("manag", "opera", "contr") anchors nothing.
  // (On a tiny corpus every prefix is a large share: a prefix of a single occupation always anchors.)
  const maxShare = Math.max(MAX_ANCHOR_SHARE, 1.5 / Math.max(1, corpus.occupations.length));
  const specific = new Set([...queryPrefixes].filter((p) => (titlePrefixShare(index).get(p) ?? 0) <= maxShare));
  const anchored = (o: number): boolean => {
    const occupation = corpus.occupations[o]!;
    return [occupation.title, ...occupation.altTitles].some((t) =>
      words(t).some((w) => w.length >= 3 && specific.has(w.slice(0, ANCHOR_PREFIX))),
    );
  };
  const full = scoreAll(index, vectors.full);
  const roles: { role: OccupationRole; scores: Scores; bar: number }[] = [];
  if (vectors.segment) roles.push({ role: 'customer', scores: scoreAll(index, vectors.segment), bar: CUSTOMER_BAR });
  if (vectors.job) roles.push({ role: 'worker', scores: scoreAll(index, vectors.job), bar: WORKER_BAR });

  const candidates: OccupationFit[] = [];
  for (const { role, scores, bar } of roles) {
    const ranked: { o: number; fit: number }[] = [];
    for (let o = 0; o < corpus.occupations.length; o++) {
      if (!withProjection(o) || !anchored(o)) continue;
      const prior =
        role === 'customer' && BUYER_MAJOR_GROUPS.has(corpus.occupations[o]!.soc.slice(0, 2)) ? BUYER_PRIOR : 0;
      const fit = 0.5 * scores.best[o]! + 0.5 * full.best[o]! + prior;
      if (fit >= bar) ranked.push({ o, fit });
    }
    ranked.sort((a, b) => b.fit - a.fit || a.o - b.o);
    const top = ranked[0]?.fit ?? 0;
    for (const { o, fit } of ranked.filter((r) => r.fit >= top - NEAR_BEST).slice(0, MAX_PER_ROLE)) {
      candidates.push({
        id: o,
        occupation: corpus.occupations[o]!,
        projection: withProjection(o)!,
        role,
        fit: Math.round(fit * 1000) / 1000,
        matchedTitle: titleOf(index, scores.title[o]! >= full.title[o]! ? scores : full, o),
      });
    }
  }
  // One role per occupation: the one it fits better.
  const byId = new Map<number, OccupationFit>();
  for (const c of candidates) if ((byId.get(c.id)?.fit ?? -1) < c.fit) byId.set(c.id, c);
  return [...byId.values()].sort((a, b) =>
    a.role === b.role ? b.fit - a.fit || a.id - b.id : a.role === 'worker' ? -1 : 1,
  );
}

/** Without vectors: the occupation must carry the offering's most specific word itself (not a synonym). */
function lexicalOccupations(index: EngineIndex, query: ParsedQuery): OccupationFit[] {
  const offering = query.groups.filter((g) => g.facet === 'offering' && !FORM_WORDS.has(g.word));
  const groups = offering.length > 0 ? offering : query.groups;
  const head = [...groups].sort((a, b) => groupWeight(index, b) - groupWeight(index, a))[0];
  for (const m of retrieveOccupations(index, groups)) {
    if (m.coverage < LEXICAL_MIN_COVERAGE) continue;
    if (head && matchStrength(index.occupationTerms[m.id]!, { ...head, synonyms: [] }) === 0) continue;
    const occupation = index.corpus.occupations[m.id]!;
    const projection = index.corpus.projections.get(socBase(occupation.soc));
    if (!projection) continue;
    return [
      {
        id: m.id,
        occupation,
        projection,
        role: 'worker',
        fit: Math.round(m.coverage * 1000) / 1000,
        matchedTitle: occupation.title,
      },
    ];
  }
  return [];
}
