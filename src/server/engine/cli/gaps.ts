import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import { loadEnvOrExit } from '../../env.ts';
import { createEngine, loadEngineIndex } from '../engine.ts';
import { formatAnalysis, formatMarketMap } from './format-analysis.ts';

// `npm run gaps -- [--json | --map] "<query>"`: one analysis, as a readable table or as JSON on stdout;
// `--map` adds its market map (segments × jobs), the table the analysis page and the exports show.

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const withMap = args.includes('--map');
const query = args.filter((a) => a !== '--json' && a !== '--map').join(' ');
if (!query.trim()) {
  console.error(
    'usage: npm run gaps -- [--json | --map] "<query>"   (DATASETS_DIR=../shared/data for the full datasets)',
  );
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
const text = asJson ? JSON.stringify(analysis, null, 2) : formatAnalysis(analysis);
process.stdout.write(`${withMap && !asJson ? `${text}\n\n${formatMarketMap(analysis)}` : text}\n`, () =>
  process.exit(0),
);
