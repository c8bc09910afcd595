import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultFilters } from '../src/shared/searches/filters.schemas.ts';
import type { Corpus } from '../src/server/engine/corpus/corpus.types.ts';
import { loadCorpus } from '../src/server/engine/corpus/load-corpus.ts';
import { engineFromIndex } from '../src/server/engine/engine.ts';
import { readEvalSet } from '../src/server/engine/eval/run-eval.ts';
import { deriveIndex, type EngineIndex } from '../src/server/engine/index/engine-index.ts';
import { loadOrBuildLexical } from '../src/server/engine/index/index-cache.ts';
import { buildLexicalIndexes } from '../src/server/engine/index/lexical-index.ts';
import { preloadWordNet } from '../src/server/engine/text/wordnet.ts';
import { parseEnv } from '../src/server/env.ts';

// The gap engine: index build time, warm start (index from the DATA_DIR cache), latency p50/p95
// over 50 queries on a warm index, resident memory, and latency growth with the corpus ×1/×2/×4
// (synthetic duplication). Lexical retrieval; the sentence model is measured in STACK-NOTES.

const env = parseEnv({ ...process.env, SEMANTIC_SEARCH: 'false', LOG_LEVEL: 'silent' });
const datasetsDir = env.DATASETS_DIR ?? (fs.existsSync('../shared/data') ? '../shared/data' : undefined);
const dataDir =
  process.argv[2] === '--warm-phase' ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-engine-bench-'));

function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function ms(start: number): number {
  return performance.now() - start;
}

function queries(): string[] {
  const set = readEvalSet();
  const base = set.queries.map((q) => q.query);
  const extra = [
    'invoice factoring for truckers',
    'AI tutor for high school math',
    'home insurance for renters',
    'crm for real estate agents',
    'wine subscription',
    'telehealth for rural patients',
    'inventory software for bakeries',
    'daycare booking for parents',
    'used car marketplace',
    'cybersecurity training for employees',
    'compliance automation for banks',
    'drone inspection of power lines',
    'sleep tracking',
    'recipe app for diabetics',
    'wedding planning',
    'hotel revenue management',
  ];
  return [...base, ...extra].slice(0, 50);
}

async function latency(index: EngineIndex, list: string[]): Promise<number[]> {
  const engine = engineFromIndex(index, { env });
  for (const q of list.slice(0, 5)) await engine.analyze({ query: q, filters: defaultFilters() });
  const samples: number[] = [];
  for (const q of list) {
    const start = performance.now();
    await engine.analyze({ query: q, filters: defaultFilters() });
    samples.push(ms(start));
  }
  return samples;
}

function duplicated(corpus: Corpus, factor: number): Corpus {
  const companies = [];
  for (let copy = 0; copy < factor; copy++) {
    for (const c of corpus.companies)
      companies.push(copy === 0 ? c : { ...c, slug: `${c.slug}-copy${copy}`, name: `${c.name} ${copy}` });
  }
  return { ...corpus, companies };
}

const isWarmPhase = process.argv[2] === '--warm-phase';

if (isWarmPhase) {
  // A fresh process, as a server starts: corpus + index from the cache, then 50 queries.
  const cacheDir = process.argv[3]!;
  let start = performance.now();
  const warmCorpus = loadCorpus(datasetsDir);
  const warm = loadOrBuildLexical(warmCorpus, cacheDir);
  const index = deriveIndex(warmCorpus, warm.indexes);
  preloadWordNet();
  console.log(`warm start (index from cache: ${warm.from}): ${ms(start).toFixed(0)} ms`);
  start = performance.now();
  const samples = await latency(index, queries());
  console.log(
    `latency over ${samples.length} queries, warm: p50 ${quantile(samples, 0.5).toFixed(1)} ms, p95 ${quantile(samples, 0.95).toFixed(1)} ms, max ${Math.max(...samples).toFixed(1)} ms`,
  );
  console.log(
    `resident memory after warm start and 55 queries: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`,
  );
  process.exit(0);
}

console.log(
  `corpus: ${datasetsDir ? `full datasets at ${datasetsDir}` : 'seed corpus (set DATASETS_DIR for the full datasets)'}`,
);
let start = performance.now();
const corpus = loadCorpus(datasetsDir);
const loadMs = ms(start);
start = performance.now();
loadOrBuildLexical(corpus, dataDir);
console.log(
  `index build (cold): corpus load ${loadMs.toFixed(0)} ms + index build and cache write ${ms(start).toFixed(0)} ms (${corpus.companies.length} companies, ${corpus.occupations.length} occupations)`,
);

const child = spawnSync(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(import.meta.url), '--warm-phase', dataDir],
  { stdio: 'inherit' },
);
if (child.status !== 0) console.log(`(warm phase exited with ${child.status ?? child.signal})`);

const list = queries();
for (const factor of [1, 2, 4]) {
  const grown = duplicated(corpus, factor);
  start = performance.now();
  const grownIndex = deriveIndex(grown, buildLexicalIndexes(grown));
  const buildMs = ms(start);
  const s = await latency(grownIndex, list);
  console.log(
    `growth ×${factor} (${grown.companies.length} companies): build ${buildMs.toFixed(0)} ms, p50 ${quantile(s, 0.5).toFixed(1)} ms, p95 ${quantile(s, 0.95).toFixed(1)} ms`,
  );
}
fs.rmSync(dataDir, { recursive: true, force: true });
