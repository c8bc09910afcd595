import { describe, expect, it } from 'vitest';
import type { EngineIndex, TermSets } from '../index/engine-index.ts';
import type { VectorSet } from '../index/vector-sets.ts';
import { NEIGHBOURS, nearWords } from './near-words.ts';

// A directory of 100 companies in two dimensions: the first NEIGHBOURS point where the query points
// (they are its nearest), the rest the other way. Their words are set per test.
const QUERY = new Float32Array([1, 0]);
const COMPANIES = 100;

function vectorSet(): VectorSet {
  const vectors = new Float32Array(COMPANIES * 2);
  for (let id = 0; id < COMPANIES; id++) {
    const near = id < NEIGHBOURS;
    vectors[id * 2] = near ? 1 - id / 1000 : 0;
    vectors[id * 2 + 1] = near ? 0 : 1;
  }
  return { vectors, dimensions: 2, owners: Int32Array.from({ length: COMPANIES }, (_, i) => i), rows: COMPANIES };
}

function directory(wordsOf: (id: number) => string[]): EngineIndex {
  const companyTerms: TermSets[] = [];
  const documentFrequency = new Map<string, number>();
  for (let id = 0; id < COMPANIES; id++) {
    const words = wordsOf(id);
    companyTerms.push({ head: new Set(words.slice(0, 1)), body: new Set(words.slice(1)) });
    for (const w of new Set(words)) documentFrequency.set(w, (documentFrequency.get(w) ?? 0) + 1);
  }
  const set = vectorSet();
  return {
    corpus: { companies: Array.from({ length: COMPANIES }, () => ({})) },
    companyTerms,
    documentFrequency,
    semantic: { sets: { companies: set, descriptions: set }, embed: async () => QUERY },
  } as unknown as EngineIndex;
}

describe('nearWords: how much a word belongs to the companies nearest the query', () => {
  it('scores a word many near companies write above a detail none of them write', async () => {
    const index = directory((id) => (id < 20 ? ['insurance', 'calls'] : id === 90 ? ['ohio'] : ['other']));
    const score = (await nearWords(index, 'query'))!;
    expect(score('insurance')).toBeGreaterThan(0);
    expect(score('ohio')).toBe(0);
  });

  it('counts only the near companies: a word all the far ones write scores 0', async () => {
    const index = directory((id) => (id >= NEIGHBOURS ? ['everywhere'] : ['market']));
    const score = (await nearWords(index, 'query'))!;
    expect(score('everywhere')).toBe(0);
    expect(score('market')).toBeGreaterThan(0);
  });

  it('takes one near company writing a word for chance, two for the market', async () => {
    const once = directory((id) => (id === 0 ? ['rare'] : ['other']));
    expect((await nearWords(once, 'query'))!('rare')).toBe(0);
    const twice = directory((id) => (id < 2 ? ['rare'] : ['other']));
    expect((await nearWords(twice, 'query'))!('rare')).toBeGreaterThan(0);
  });

  it('weighs a word the whole directory writes below one as common among the near companies only', async () => {
    // Both written by 10 near companies; "common" also by every far one.
    const index = directory((id) => (id < 10 ? ['common', 'specific'] : id >= NEIGHBOURS ? ['common'] : ['other']));
    const score = (await nearWords(index, 'query'))!;
    expect(score('specific')).toBeGreaterThan(score('common'));
  });

  it('reads a verb in any regular form the company writes ("schedule" for "scheduling")', async () => {
    const index = directory((id) => (id < 5 ? ['schedule'] : ['other']));
    expect((await nearWords(index, 'query'))!('scheduling')).toBeGreaterThan(0);
  });

  it('is null without a sentence model', async () => {
    const index = { ...directory(() => ['x']), semantic: { sets: null, embed: null } } as unknown as EngineIndex;
    expect(await nearWords(index, 'query')).toBeNull();
  });
});
