import { loadEnvOrExit } from '../../env.ts';
import { loadCorpus } from '../corpus/load-corpus.ts';
import { createEmbedder } from '../index/embedder.ts';
import { buildVectorSets } from '../index/semantic-index.ts';

// `npm run vectors`: computes (or checks) the sentence vectors for DATASETS_DIR into DATA_DIR's
// cache, the same files the server loads, with two worker threads. Prints the time per set.

const env = loadEnvOrExit();
const workers = Number(process.env.EMBED_WORKERS ?? 2);
const corpus = loadCorpus(env.DATASETS_DIR);
const embedder = createEmbedder(workers);
const started = performance.now();
let last = started;
let current: string | null = null;
await buildVectorSets(corpus, env.DATA_DIR_ABS, embedder, (p) => {
  if (p.set !== current) {
    const now = performance.now();
    if (current) console.log(`${current.padEnd(14)} ${((now - last) / 1000).toFixed(1)} s`);
    current = p.set;
    last = now;
  }
});
console.log(
  `all sets        ${((performance.now() - started) / 1000).toFixed(1)} s with ${workers} worker(s) (corpus ${corpus.version})`,
);
await embedder.close();
