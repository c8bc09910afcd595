import { loadEnvOrExit } from '../../env.ts';
import { loadCorpus } from '../corpus/load-corpus.ts';
import { createEmbedder } from '../index/embedder.ts';
import { buildVectorSets } from '../index/semantic-index.ts';

// `npm run vectors [-- --workers N]`: computes (or checks) the sentence vectors for DATASETS_DIR into
// DATA_DIR's cache, the same files the server loads, with two worker threads by default. Prints the
// time each set took to finish.

const env = loadEnvOrExit();
const at = process.argv.indexOf('--workers');
const workers = at >= 0 ? Math.max(1, Number(process.argv[at + 1]) || 1) : 2;
const corpus = loadCorpus(env.DATASETS_DIR);
const embedder = createEmbedder(workers);
const started = performance.now();
const finished = new Map<string, number>();
await buildVectorSets(corpus, env.DATA_DIR_ABS, embedder, (p) => {
  if (p.set) finished.set(p.set, performance.now());
});
let previous = started;
for (const [set, at] of finished) {
  console.log(`${set.padEnd(14)} ${((at - previous) / 1000).toFixed(1)} s`);
  previous = at;
}
console.log(
  `all sets       ${((performance.now() - started) / 1000).toFixed(1)} s with ${workers} worker(s) (corpus ${corpus.version})`,
);
await embedder.close();
