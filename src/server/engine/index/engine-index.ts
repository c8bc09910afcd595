import type { Category } from '#shared/searches/filters.schemas.ts';
import type { Corpus } from '../corpus/corpus.types.ts';
import { companyCategory, companyRiskFlags, type RiskFlag } from '../pipeline/classify.ts';
import { processTerm, words } from '../text/tokenize.ts';
import type { LexicalIndexes } from './lexical-index.ts';
import type { VectorSet, VectorSetName } from './vector-sets.ts';

// Everything retrieval needs, derived once per corpus: BM25 indexes, each company's term set (to
// measure which query words it matches), document frequencies, categories and risk flags.

export type SemanticState = {
  /** Sentence vectors of companies, descriptions, occupations, titles and tasks; null until all are ready. */
  sets: Record<VectorSetName, VectorSet> | null;
  /** Embeds one query text (a unit vector) in the embedder's worker thread. */
  embed: ((text: string) => Promise<Float32Array>) | null;
  note: string | null;
  /** Settles when the vectors are ready or have failed (for CLIs that prefer to wait). */
  settled: Promise<void>;
  progress: { done: number; total: number };
};

export type TermSets = { head: Set<string>; body: Set<string> };

export type EngineIndex = {
  corpus: Corpus;
  lexical: LexicalIndexes;
  /** Terms of each company's name, one-liner, tags and sub-industry (head) and of its description (body). */
  companyTerms: TermSets[];
  occupationTerms: TermSets[];
  documentFrequency: Map<string, number>;
  categories: Category[];
  riskFlags: RiskFlag[][];
  /** Software O*NET lists for so many occupations (office suites, browsers) that it says nothing about a market. */
  genericProducts: Set<string>;
  /** Places where at least two companies of the directory are (lower-case words: "mexico city", "india"). */
  places: Set<string>;
  semantic: SemanticState;
};

function termSet(text: string): Set<string> {
  const set = new Set<string>();
  for (const w of words(text)) {
    const t = processTerm(w);
    if (t) set.add(t);
  }
  return set;
}

const GENERIC_PRODUCT_SHARE = 0.1;
/** A place named by one company only may be a typo or a neighbourhood; two make it a place people say. */
const PLACE_MIN_COMPANIES = 2;
/** Two-letter state and province codes ("CA", "IN", "OR") are English words in a query. */
const PLACE_MIN_LETTERS = 3;

function places(corpus: Corpus): Set<string> {
  const counts = new Map<string, number>();
  for (const c of corpus.companies)
    for (const place of new Set(c.locations.map((l) => words(l).join(' '))))
      if (place.replace(/ /g, '').length >= PLACE_MIN_LETTERS) counts.set(place, (counts.get(place) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n >= PLACE_MIN_COMPANIES).map(([p]) => p));
}

function genericProducts(corpus: Corpus): Set<string> {
  const occupations = new Map<string, number>();
  for (const skills of corpus.techBySoc.values()) {
    for (const product of new Set(skills.map((s) => s.product)))
      occupations.set(product, (occupations.get(product) ?? 0) + 1);
  }
  const total = corpus.techBySoc.size;
  return new Set([...occupations].filter(([, n]) => n / total > GENERIC_PRODUCT_SHARE).map(([p]) => p));
}

export function deriveIndex(corpus: Corpus, lexical: LexicalIndexes): EngineIndex {
  const companyTerms = corpus.companies.map((c) => ({
    head: termSet(`${c.name} ${c.oneLiner} ${c.tags.join(' ')} ${c.subindustry}`),
    body: termSet(c.description),
  }));
  const documentFrequency = new Map<string, number>();
  for (const { head, body } of companyTerms) {
    for (const t of new Set([...head, ...body])) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
  }
  return {
    corpus,
    lexical,
    companyTerms,
    occupationTerms: corpus.occupations.map((o) => ({
      head: termSet(`${o.title} ${o.altTitles.join(' ')}`),
      body: termSet(o.description),
    })),
    documentFrequency,
    categories: corpus.companies.map(companyCategory),
    riskFlags: corpus.companies.map(companyRiskFlags),
    genericProducts: genericProducts(corpus),
    places: places(corpus),
    semantic: { sets: null, embed: null, note: null, settled: Promise.resolve(), progress: { done: 0, total: 0 } },
  };
}
