import { loadEnvOrExit } from '../../env.ts';
import { createEngine, loadEngineIndex } from '../engine.ts';
import { readEvalSet, runEval } from '../eval/run-eval.ts';

// `npm run eval`: runs the committed evaluation set and prints its table. Honours DATASETS_DIR.

const pct = (v: number): string => `${(v * 100).toFixed(1)} %`;
const env = loadEnvOrExit();
const index = await loadEngineIndex(env);
if (env.SEMANTIC_SEARCH && index.semantic.vectors === null) {
  console.error('Loading sentence vectors (computed once per corpus version, then cached under DATA_DIR)…');
  await index.semantic.settled;
}
const engine = await createEngine({ env });
const report = await runEval(engine, index, readEvalSet());
const status = engine.status();
console.log(
  `Corpus: ${status.corpusKind} ${status.corpusVersion}   retrieval: ${index.semantic.vectors ? 'hybrid (BM25 + vectors)' : 'lexical only'}`,
);
console.log('');
console.log(`${'query'.padEnd(52)}${'seg'.padEnd(5)}${'found'.padEnd(8)}missed`);
for (const r of report.queries) {
  console.log(
    `${r.query.slice(0, 50).padEnd(52)}${r.segment.padEnd(5)}${`${r.found.length}/${r.expected}`.padEnd(8)}${r.missed.join(', ')}${r.status === 'ok' ? '' : ` [${r.status}]`}`,
  );
}
console.log('');
console.log(
  `Competitor recall:   ${pct(report.recall)} (B2C ${pct(report.recallBySegment.b2c ?? 0)}, B2B ${pct(report.recallBySegment.b2b ?? 0)}) over ${report.queries.length} queries`,
);
console.log(
  `Groundedness:        ${pct(report.groundedness.share)} (${report.groundedness.grounded}/${report.groundedness.numbers} numbers recomputed from their evidence)`,
);
console.log(
  `Determinism:         ${report.determinism.identical}/${report.determinism.total} queries identical on two runs`,
);
console.log(
  `Abstention:          ${report.abstention.abstained}/${report.abstention.total} nonsense queries answered insufficient_data${report.abstention.leaked.length ? ` (leaked: ${report.abstention.leaked.join(' | ')})` : ''}`,
);
console.log(`False abstentions:   ${report.falseAbstentions}/${report.queries.length} real queries`);
for (const l of report.leaveOneOut) {
  console.log(
    `Leave-one-out:       ${l.slug} ${l.foundWithIt ? 'found' : 'NOT found'} by "${l.query}"; niche opportunity ${l.before.toFixed(2)} → ${l.after.toFixed(2)} without it (${l.raised ? 'raised' : 'not raised'})`,
  );
}
for (const f of report.groundedness.failures.slice(0, 10)) console.log(`  grounding failure: ${f}`);
process.exit(report.groundedness.share === 1 ? 0 : 1);
