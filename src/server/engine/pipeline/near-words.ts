import type { EngineIndex } from '../index/engine-index.ts';
import { verbInflections } from '../text/wordnet.ts';
import type { Characteristic } from './parse-query.ts';
import { dot } from './query-vectors.ts';

// Which words of a long query say its market. Past the word cap, a query told as a story keeps the
// words the companies nearest it in meaning also write ("insurance", "calls", "voice"), not the
// incidental details that are merely rare ("Ohio", "lunch", "a third"): rarity alone kept the details
// and dropped the market (ADR 072).

/** How many of the companies nearest the query in meaning are read for its words. */
export const NEIGHBOURS = 30;
/** One near company writing a word is chance ("Ohio" in one insurer's description): two say the market. */
const MIN_WRITERS = 2;

/**
 * How characteristic each word is of the query's nearest companies: how many of them write it (in any
 * regular form of the verb), against how many would by chance at its share of the whole directory
 * (plus one). A word fewer than MIN_WRITERS of them write scores 0, and rarity decides between such
 * words. Null when there is no sentence model to read meaning.
 */
export async function nearWords(index: EngineIndex, text: string): Promise<Characteristic | null> {
  const { embed, sets } = index.semantic;
  if (!embed || !sets) return null;
  const v = await embed(text);
  const dims = sets.companies.dimensions;
  const scored: { id: number; score: number }[] = [];
  for (let id = 0; id < sets.companies.rows; id++) {
    const score = Math.max(dot(v, sets.companies.vectors, id * dims), dot(v, sets.descriptions.vectors, id * dims));
    scored.push({ id, score });
  }
  scored.sort((a, b) => b.score - a.score || a.id - b.id);
  const near = scored.slice(0, NEIGHBOURS).map((s) => index.companyTerms[s.id]!);
  const n = index.corpus.companies.length;
  return (term) => {
    const forms = [term, ...verbInflections(term)];
    const writers = near.filter((t) => forms.some((f) => t.head.has(f) || t.body.has(f))).length;
    const share = (index.documentFrequency.get(term) ?? 0) / n;
    return writers < MIN_WRITERS ? 0 : writers / (NEIGHBOURS * share + 1);
  };
}
