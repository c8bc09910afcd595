import { describe, expect, it } from 'vitest';
import { loadFullCorpus } from '../corpus/load-corpus.ts';
import { deriveIndex } from '../index/engine-index.ts';
import { buildLexicalIndexes } from '../index/lexical-index.ts';
import { FIXTURE_DATASETS_DIR } from '../test/engine-fixtures.ts';
import { buildCells } from './build-cells.ts';
import { parseQuery } from './parse-query.ts';
import type { Candidate } from './retrieve.ts';

describe('market cells', () => {
  const corpus = loadFullCorpus(FIXTURE_DATASETS_DIR);
  const index = deriveIndex(corpus, buildLexicalIndexes(corpus));
  const query = parseQuery('pet care for elderly owners', []);
  const id = (slug: string): number => corpus.companies.findIndex((c) => c.slug === slug);

  it('places an eligible company that ranks below the neighbour pool (hybrid retrieval adds up to 700)', () => {
    const filler: Candidate[] = Array.from({ length: 450 }, () => ({
      id: id('stripe'),
      score: 0.5,
      bm25: 0.5,
      cosine: 0.5,
      matched: [1],
      coverage: 0.1,
    }));
    const petcube: Candidate = {
      id: id('petcube'),
      score: 0.1,
      bm25: 0.1,
      cosine: 0.1,
      matched: [0, 1],
      coverage: 0.6,
    };
    const cells = buildCells(index, query, [...filler, petcube]);
    expect(cells.find((c) => c.kind === 'core')).toBeDefined();
  });

  it('does not count a company for the segment on its generic word alone', () => {
    const petcube: Candidate = {
      id: id('petcube'),
      score: 1,
      bm25: 1,
      cosine: null,
      matched: [0, 1, 3],
      coverage: 0.6,
    };
    const cells = buildCells(index, query, [petcube]);
    expect(cells.find((c) => c.kind === 'core')!.members).toEqual([]);
    expect(cells.find((c) => c.kind === 'offering-wide')!.members.map((m) => m.id)).toEqual([id('petcube')]);
  });
});
