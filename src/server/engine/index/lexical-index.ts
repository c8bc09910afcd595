import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import type { Corpus } from '../corpus/corpus.types.ts';
import { processTerm } from '../text/tokenize.ts';

// BM25 indexes over the corpus (MiniSearch). Settings follow the measurements in STACK-NOTES:
// full descriptions, stop words removed, prefix matching for terms of 4+ characters, one-liner and
// tags boosted ×2.

/** Bump when tokenising or index settings change: the cached index is keyed by it. */
export const LEXICAL_INDEX_VERSION = 'x3';

type Doc = { id: number; [field: string]: string | number };

const COMPANY_FIELDS = ['name', 'oneLiner', 'tags', 'subindustry', 'description'];
const OCCUPATION_FIELDS = ['title', 'altTitles', 'description'];
const INDUSTRY_FIELDS = ['title', 'description'];

function options(fields: string[]): Options<Doc> {
  return { fields, storeFields: [], processTerm, idField: 'id' };
}

export type LexicalIndexes = {
  companies: MiniSearch<Doc>;
  occupations: MiniSearch<Doc>;
  industries: MiniSearch<Doc>;
};

export function buildLexicalIndexes(corpus: Corpus): LexicalIndexes {
  const companies = new MiniSearch<Doc>(options(COMPANY_FIELDS));
  companies.addAll(
    corpus.companies.map((c, id) => ({
      id,
      name: c.name,
      oneLiner: c.oneLiner,
      tags: c.tags.join(' '),
      subindustry: c.subindustry.replace('->', ' '),
      description: c.description,
    })),
  );
  const occupations = new MiniSearch<Doc>(options(OCCUPATION_FIELDS));
  occupations.addAll(
    corpus.occupations.map((o, id) => ({
      id,
      title: o.title,
      altTitles: o.altTitles.join(' '),
      description: o.description,
    })),
  );
  const industries = new MiniSearch<Doc>(options(INDUSTRY_FIELDS));
  industries.addAll(corpus.industries.map((i, id) => ({ id, title: i.title, description: i.description })));
  return { companies, occupations, industries };
}

export function serializeLexicalIndexes(indexes: LexicalIndexes): string {
  return JSON.stringify({
    companies: indexes.companies,
    occupations: indexes.occupations,
    industries: indexes.industries,
  });
}

export function parseLexicalIndexes(json: string): LexicalIndexes {
  const raw = JSON.parse(json) as Record<string, unknown>;
  const load = (key: 'companies' | 'occupations' | 'industries', fields: string[]): MiniSearch<Doc> => {
    if (!raw[key]) throw new Error(`index cache lacks ${key}`);
    return MiniSearch.loadJSON<Doc>(JSON.stringify(raw[key]), options(fields));
  };
  return {
    companies: load('companies', COMPANY_FIELDS),
    occupations: load('occupations', OCCUPATION_FIELDS),
    industries: load('industries', INDUSTRY_FIELDS),
  };
}

export type WeightedTerm = { term: string; weight: number };

const COMPANY_BOOST = { oneLiner: 2, tags: 2, name: 1.5, subindustry: 1, description: 1 };
const TITLE_BOOST = { title: 3, altTitles: 1.5, description: 1 };

export function searchIndex(
  index: MiniSearch<Doc>,
  kind: 'companies' | 'occupations' | 'industries',
  terms: WeightedTerm[],
  filter?: (id: number) => boolean,
): SearchResult[] {
  if (terms.length === 0) return [];
  const weights = new Map<string, number>();
  for (const t of terms) weights.set(t.term, Math.max(weights.get(t.term) ?? 0, t.weight));
  const list = [...weights.keys()];
  return index.search(list.join(' '), {
    combineWith: 'OR',
    prefix: (term) => term.length >= 4,
    boost: kind === 'companies' ? COMPANY_BOOST : TITLE_BOOST,
    boostTerm: (term) => weights.get(term) ?? 1,
    filter: filter ? (r) => filter(r.id as number) : undefined,
  });
}
