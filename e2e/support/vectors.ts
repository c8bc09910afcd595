import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A corpus's sentence vectors, copied into each of `dataDirs` so a test server loads them from its
 * cache on start instead of loading the sentence model and computing them. They are computed once
 * (with two workers) into the test cache under `cacheName`, where a later run finds them again —
 * content-addressed by model and texts, size-checked on load, as the server suites keep the full
 * corpus's. `datasetsDir` undefined is the built-in seed corpus.
 */
export async function provideVectors(
  datasetsDir: string | undefined,
  cacheName: string,
  dataDirs: string[],
): Promise<void> {
  const [{ loadCorpus }, { createLazyEmbedder }, { buildVectorSets }, { vectorCacheDir }, { readTestVariable }] =
    await Promise.all([
      import('../../src/server/engine/corpus/load-corpus.ts'),
      import('../../src/server/engine/index/embedder.ts'),
      import('../../src/server/engine/index/semantic-index.ts'),
      import('../../src/server/engine/index/index-cache.ts'),
      import('../../src/server/env.ts'),
    ]);
  const cacheDir = path.resolve(ROOT, readTestVariable('TEST_CACHE_DIR') ?? 'node_modules/.cache/unbuilt');
  const cachedDataDir = path.join(cacheDir, cacheName);
  const embedder = createLazyEmbedder(2);
  try {
    // Reads every set from the cache when it is there; the embedder's workers start only to compute.
    await buildVectorSets(loadCorpus(datasetsDir), cachedDataDir, embedder);
  } finally {
    await embedder.close();
  }
  for (const dataDir of dataDirs)
    fs.cpSync(vectorCacheDir(cachedDataDir), vectorCacheDir(dataDir), { recursive: true });
}
