import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { writeCorpusVersion } from '../../test/corpus-versions.ts';
import { testEnv } from '../../test/test-env.ts';
import { createEnginePool, type EnginePool } from './engine-pool.ts';

// A corpus swap at run time (issue 33) in real engine workers: the new corpus loads in a new
// generation of workers while the old ones answer, every analysis asked during the swap gets an
// answer (from one version or the other, never an error), and the ones asked after it come from
// the new version. A corpus that cannot be loaded leaves the pool on the version it had.

const datasetsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-pool-swap-'));
writeCorpusVersion(datasetsDir, 'previous');
const env = testEnv({ DATASETS_DIR: datasetsDir });
const pools: EnginePool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  fs.rmSync(datasetsDir, { recursive: true, force: true });
});

const QUERY = 'software for law firms and accounting firms';
const ask = (pool: EnginePool) => pool.analyze({ query: QUERY, filters: defaultFilters() });

describe('swapping the corpus of the engine pool', () => {
  it('answers every analysis during the swap and the later ones from the new version', async () => {
    const pool = await createEnginePool({ env, workers: 2, queueLimit: 100 });
    pools.push(pool);
    const before = pool.status().corpusVersion;
    expect((await ask(pool)).corpus.version).toBe(before);

    writeCorpusVersion(datasetsDir, 'current');
    const swap = pool.swapCorpus(datasetsDir);
    const during: Promise<string>[] = [];
    let swapped = false;
    void swap.finally(() => (swapped = true));
    while (!swapped) {
      during.push(ask(pool).then((a) => a.corpus.version));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const status = await swap;
    expect(status.corpusVersion).not.toBe(before);
    const versions = await Promise.all(during);
    expect(versions.length).toBeGreaterThan(0);
    expect(versions.every((v) => v === before || v === status.corpusVersion)).toBe(true);
    expect(pool.status().corpusVersion).toBe(status.corpusVersion);
    const after = await Promise.all([ask(pool), ask(pool), ask(pool)]);
    expect(after.map((a) => a.corpus.version)).toEqual([
      status.corpusVersion,
      status.corpusVersion,
      status.corpusVersion,
    ]);
    expect(pool.load()).toMatchObject({ workers: 2, ready: 2 });

    // A broken file: the swap fails naming it, and the pool keeps answering from the version it had.
    fs.writeFileSync(path.join(datasetsDir, 'yc', 'companies.json'), '{"not": "a list"');
    await expect(pool.swapCorpus(datasetsDir)).rejects.toThrow(/companies\.json/);
    expect(pool.status().corpusVersion).toBe(status.corpusVersion);
    expect((await ask(pool)).corpus.version).toBe(status.corpusVersion);
    expect(pool.load()).toMatchObject({ workers: 2, ready: 2 });
  });
});
