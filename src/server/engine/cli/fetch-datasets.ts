import path from 'node:path';
import { loadEnvOrExit } from '../../env.ts';
import { loadFullCorpus } from '../corpus/load-corpus.ts';
import { mirrorManifest, PUBLIC_MANIFEST } from '../datasets/dataset-manifest.ts';
import { fetchDatasets } from '../datasets/fetch-datasets.ts';

// `npm run datasets:fetch [-- --from <mirror url>] [--strict]`: downloads the public datasets into
// DATA_DIR/datasets (resumable, checksummed), checks that they index, and says how to use them.

const args = process.argv.slice(2);
const from = args.includes('--from') ? args[args.indexOf('--from') + 1] : undefined;
const strict = args.includes('--strict');
const env = loadEnvOrExit();
const dir = path.join(env.DATA_DIR_ABS, 'datasets');
const manifest = from ? mirrorManifest(from) : PUBLIC_MANIFEST;

let lastLine = '';
try {
  const results = await fetchDatasets({
    dir,
    manifest,
    strict,
    onProgress: (p) => {
      const percent = p.total ? `${Math.floor((p.received / p.total) * 100)} %` : `${(p.received / 1e6).toFixed(1)} MB`;
      const line = `${p.path}: ${percent}${p.resumedFrom ? ` (resumed at ${(p.resumedFrom / 1e6).toFixed(1)} MB)` : ''}`;
      if (line !== lastLine) process.stderr.write(`\r${line}`.padEnd(80));
      lastLine = line;
    },
  });
  process.stderr.write('\n');
  for (const r of results) {
    if (r.status === 'no-public-source') {
      console.log(`${r.path}: no public source serves this layout; fetch it from a mirror with --from <url>`);
      continue;
    }
    const check =
      r.matchesPinned === null
        ? 'no pinned checksum'
        : r.matchesPinned
          ? 'checksum ok'
          : 'checksum differs from the pinned copy (the source was updated)';
    console.log(`${r.path}: ${r.status}, ${check}`);
  }
  const corpus = loadFullCorpus(dir);
  console.log(
    `Indexed ${corpus.companies.length} companies and ${corpus.occupations.length} occupations (corpus ${corpus.version}).`,
  );
  console.log(`Use them with DATASETS_DIR=${dir}`);
} catch (error) {
  process.stderr.write('\n');
  console.error(`datasets:fetch failed: ${(error as Error).message}`);
  console.error('Run the command again to resume.');
  process.exit(1);
}
