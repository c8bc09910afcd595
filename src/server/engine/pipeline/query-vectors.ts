import type { EngineIndex } from '../index/engine-index.ts';
import { contentWords } from '../text/tokenize.ts';
import type { ParsedQuery } from './parse-query.ts';

// The query's sentence vectors: the whole query, its offering ("front desk automation") and its
// segment ("dental practices"), and the job without the product's form ("front desk": what the
// product does, not that it is software). Every match is judged against the whole query as well as
// its facet, so "desk" alone can never bring hotel desks into a dental query.

/** Words that say what form a product takes, not what job it does or for whom. */
export const FORM_WORDS = new Set(
  `software automation automated automate automating ai system systems saas online digital marketplace api tech
technology technologies platform app tool solution assistant copilot agent agents bot chatbot`.split(/\s+/),
);

export type QueryVectors = {
  full: Float32Array;
  /**
   * The whole query told in the market's own words as well ("knowing when my app crashes; crash
   * reporting, error monitoring"): founders describe the pain, companies the product category.
   * Null when no query word has market vocabulary.
   */
  market: Float32Array | null;
  offering: Float32Array;
  segment: Float32Array | null;
  /** The offering without its form words; null when the offering is only form ("software"). */
  job: Float32Array | null;
  jobText: string | null;
  /** The title of the worker whose job the product does ("Dental Receptionist" for "front desk"), once known. */
  workerTitle: Float32Array | null;
};

export function jobText(offering: string): string | null {
  const kept = offering.split(/\s+/).filter((w) => !FORM_WORDS.has(w.toLowerCase().replace(/[^a-z]/g, '')));
  const text = kept.join(' ').trim();
  return contentWords(text).length > 0 ? text : null;
}

export async function embedQueryVectors(index: EngineIndex, query: ParsedQuery): Promise<QueryVectors | null> {
  const embed = index.semantic.embed;
  if (!embed || !index.semantic.sets) return null;
  const job = jobText(query.offeringText);
  const marketPhrases = (groups: ParsedQuery['groups']): string[] => [
    ...new Set(groups.flatMap((g) => g.synonymSources.filter((s) => s.from === 'thesaurus').map((s) => s.phrase))),
  ];
  // Only what is offered is retold: the customer's vocabulary ("elderly" → "eldercare") would pull
  // the meaning toward businesses that serve the customer rather than do the job.
  const phrases = marketPhrases(query.groups.filter((g) => g.facet !== 'segment' && g.weight === 1));
  const [full, market, offering, segment, jobVector] = await Promise.all([
    embed(query.text),
    phrases.length > 0 ? embed(`${query.text}; ${phrases.join(', ')}`) : Promise.resolve(null),
    embed(query.offeringText),
    query.segmentText ? embed(query.segmentText) : Promise.resolve(null),
    job ? embed(job) : Promise.resolve(null),
  ]);
  return { full, market, offering, segment, job: jobVector, jobText: job, workerTitle: null };
}

/** Adds the cited worker's title to the query's vectors: companies name the role more often than the chore. */
export async function withWorkerTitle(
  index: EngineIndex,
  vectors: QueryVectors,
  title: string | null,
): Promise<QueryVectors> {
  if (!title || !index.semantic.embed || !vectors.job) return vectors;
  return { ...vectors, workerTitle: await index.semantic.embed(title) };
}

export function dot(a: Float32Array, b: Float32Array, bOffset = 0): number {
  let s = 0;
  for (let d = 0; d < a.length; d++) s += a[d]! * b[bOffset + d]!;
  return s;
}
