import type { EngineIndex } from '../index/engine-index.ts';
import NEED_WORDS from '../text/need-words.json' with { type: 'json' };
import { COMPETES, type CompanyMatch } from './company-match.ts';
import type { OccupationFit } from './occupation-match.ts';
import type { ParsedQuery } from './parse-query.ts';
import { dot, type QueryVectors } from './query-vectors.ts';

// Honest abstention, by meaning as well as words. A query is answered when some company is close
// to it in meaning (or, without vectors, matches a third of its words) or an occupation clearly
// fits it; text that is not about a market at all ("how are you doing today") is told apart by how
// close it sits to the directory as a whole.

/** Real queries match at least ~40 % of their (rarity-weighted) words, nonsense ≤ 25 %: a third separates them. */
export const MIN_QUERY_COVERAGE = 1 / 3;
/** Best company relevance below which, with no occupation either, the data cannot support an answer. */
export const MIN_RELEVANCE = COMPETES - 0.07;
/** Cosine with the directory's mean vector below which text is not about products or markets. */
export const MIN_MARKETNESS = 0.17;
/** Closeness in meaning that answers a query whose words the directory does not use ("contractors abroad"). */
export const STRONG_MEANING = 0.6;
const STRONG_OCCUPATION = 0.7;
/**
 * Share of both bars one company must reach at once — of the words bar and of the meaning bar — to
 * carry a long query neither carries alone: a real need's best companies are near in words and in
 * meaning together, while small talk and gibberish reach one at most (docs/decisions/044).
 */
export const AGREEMENT = 0.75;
const AGREEMENT_DEPTH = 20;
/** Share of a query's words the directory may never use and a company's agreement still count. */
export const MAX_UNKNOWN_SHARE = 0.2;
/** Market-vocabulary words that make a query read as a need whatever its closeness to the directory. */
export const MIN_MARKET_WORDS = 2;

const NEED = new Set(NEED_WORDS.words);

/** Whether the directory uses nearly all of a query's words (all but MAX_UNKNOWN_SHARE of them). */
export function wordsKnown(groups: readonly { word: string }[], documentFrequency: (word: string) => number): boolean {
  const unknown = groups.filter((g) => documentFrequency(g.word) === 0).length;
  return unknown <= MAX_UNKNOWN_SHARE * groups.length;
}

/** Whether the text says a need or a pain in words people use for one ("I want…", "we can't…", "tired of…"). */
export function saysNeed(text: string): boolean {
  // Contractions keep their apostrophe ("can't"), typographic or not.
  return text
    .toLowerCase()
    .replace(/\u2019/g, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .some((w) => NEED.has(w.replace(/^'+|'+$/g, '')));
}

const centroids = new WeakMap<EngineIndex, Float32Array>();

function centroid(index: EngineIndex): Float32Array {
  let c = centroids.get(index);
  if (!c) {
    const set = index.semantic.sets!.companies;
    c = new Float32Array(set.dimensions);
    for (let r = 0; r < set.rows; r++)
      for (let d = 0; d < set.dimensions; d++) c[d]! += set.vectors[r * set.dimensions + d]!;
    let norm = 0;
    for (const v of c) norm += v * v;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < c.length; d++) c[d]! *= scale;
    centroids.set(index, c);
  }
  return c;
}

export function marketness(index: EngineIndex, vectors: QueryVectors): number {
  return dot(vectors.full, centroid(index));
}

/** How far one company goes towards both bars at once: the lesser of its share of each (1 = both met). */
export function agreement(m: Pick<CompanyMatch, 'words' | 'headline' | 'description'>): number {
  return Math.min(m.words / MIN_QUERY_COVERAGE, Math.max(m.headline, m.description) / STRONG_MEANING);
}

/** Null to answer, or the reason the data cannot support an answer. */
export function judgeAbstention(
  index: EngineIndex,
  query: ParsedQuery,
  vectors: QueryVectors | null,
  matches: CompanyMatch[],
  occupations: OccupationFit[],
): string | null {
  if (!vectors || !index.semantic.sets) {
    const best = Math.max(0, ...matches.slice(0, 50).map((m) => m.words));
    if (best >= MIN_QUERY_COVERAGE) return null;
    const top = matches[0];
    const matched = top ? query.groups.filter((_, i) => top.matched.includes(i)).map((g) => g.word) : [];
    return `The best matches cover only ${Math.round(best * 100)} % of the query's words (${matched.length ? `they match "${matched.join('", "')}"` : 'no content word'}); at least ${Math.round(MIN_QUERY_COVERAGE * 100)} % is needed to say anything reliable.`;
  }
  const market = marketness(index, vectors);
  // A query that names a need in market words ("booking a dog walker for my puppy") is about a
  // market even when its sentence sits far from the directory's average; the gates below then judge
  // it. One such word alone can be a passing mention ("my dog is barking"): two are needed.
  // Said as a need ("I want something that…", "we can't…"), one market word is enough.
  const marketWords = query.groups.filter((g) => g.synonymSources.some((s) => s.from === 'thesaurus')).length;
  const namesNeed = marketWords >= MIN_MARKET_WORDS || (marketWords >= 1 && saysNeed(query.text));
  const top = matches.slice(0, 50);
  const meaning = Math.max(0, ...top.map((m) => Math.max(m.headline, m.description)));
  // A need told as a personal story ("I lie awake until 3am…") sits far from the directory's average
  // but close to the companies that answer it: a company that close, and a competitor by the usual
  // bar, says it is about a market (without one the analysis could only claim that nobody serves it).
  const best = matches[0]?.relevance ?? 0;
  const answered = meaning >= STRONG_MEANING && best >= COMPETES;
  if (market < MIN_MARKETNESS && !namesNeed && !answered)
    return `The query does not read as a market, product or problem (closeness to the directory ${market.toFixed(2)}, at least ${MIN_MARKETNESS} needed). Describe a product, a customer or a job to be done.`;
  // Words or meaning must carry the query: a third of its words in some company's text, or a
  // company close to its meaning; a clearly fitting occupation also answers a query about work.
  const words = Math.max(0, ...top.map((m) => m.words));
  const occupation = Math.max(0, ...occupations.map((o) => o.fit));
  // Only a competitor's agreement counts: answering with no competitor would claim white space on
  // partial evidence. And only when nearly every word of the query is one the directory uses: words
  // nobody writes ("blorptastic zorgle quantum") make the part that did match a coincidence, while one
  // name in a long story ("… fly home to Lagos for Christmas …") does not.
  const known = wordsKnown(query.groups, (w) => index.documentFrequency.get(w) ?? 0);
  const agreed = Math.max(
    0,
    ...(known ? top : [])
      .slice(0, AGREEMENT_DEPTH)
      .filter((m) => m.doesJob && m.relevance >= COMPETES)
      .map((m) => agreement(m)),
  );
  const carried =
    words >= MIN_QUERY_COVERAGE || meaning >= STRONG_MEANING || occupation >= STRONG_OCCUPATION || agreed >= AGREEMENT;
  if (carried && best >= MIN_RELEVANCE) return null;
  return `Nothing in the data comes close enough to this query: the best company matches ${Math.round(words * 100)} % of its words (a third needed) with a closeness in meaning of ${meaning.toFixed(2)} (${STRONG_MEANING} needed otherwise), no company comes near both (${Math.round(agreed * 100)} % of the way, ${Math.round(AGREEMENT * 100)} % needed), and no occupation clearly fits it. The data cannot support an answer.`;
}
