import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { loadEnvOrExit } from '../../env.ts';
import { createEngine, loadEngineIndex } from '../engine.ts';
import { formatAnalysis } from './format-analysis.ts';

// `npm run gaps -- [--json] "<query>"`: one analysis, as a readable table or as JSON on stdout.

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const query = args.filter((a) => a !== '--json').join(' ');
if (!query.trim()) {
  console.error('usage: npm run gaps -- [--json] "<query>"   (DATASETS_DIR=../shared/data for the full datasets)');
  process.exit(2);
}
const env = loadEnvOrExit();
const index = await loadEngineIndex(env);
if (env.SEMANTIC_SEARCH && index.semantic.sets === null) {
  console.error('Loading sentence vectors (computed once per corpus version, then cached under DATA_DIR)…');
  await index.semantic.settled;
}
const engine = await createEngine({ env });
const analysis = await engine.analyze({ query, filters: defaultFilters() });
// Exit only once stdout has drained: a pipe takes 64 KB at a time, and the semantic indexer may
// still hold the event loop open.
process.stdout.write(`${asJson ? JSON.stringify(analysis, null, 2) : formatAnalysis(analysis)}\n`, () =>
  process.exit(0),
);
