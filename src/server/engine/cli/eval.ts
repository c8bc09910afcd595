import { loadEnvOrExit } from '../../env.ts';
import { createEngine, loadEngineIndex } from '../engine.ts';
import { readEvalSet, runEval, type EvalReport } from '../eval/run-eval.ts';

// `npm run eval [-- --set path/to/labels.json]`: runs a labelled evaluation set (the committed one
// by default) and prints its measures. Honours DATASETS_DIR.

const pct = (v: number): string => `${(v * 100).toFixed(1)} %`;
const args = process.argv.slice(2);
const setAt = args.indexOf('--set');
const env = loadEnvOrExit();
const index = await loadEngineIndex(env);
if (env.SEMANTIC_SEARCH && index.semantic.sets === null) {
  console.error('Loading sentence vectors (computed once per corpus version, then cached under DATA_DIR)…');
  await index.semantic.settled;
}
const engine = await createEngine({ env });
const set = readEvalSet(setAt >= 0 ? args[setAt + 1] : undefined);
const report: EvalReport = await runEval(engine, index, set);
const status = engine.status();
console.log(
  `Corpus: ${status.corpusKind} ${status.corpusVersion}   retrieval: ${index.semantic.sets ? 'meaning + words' : 'words only'}`,
);
console.log('');
for (const q of report.queries) {
  const wrong = q.judged.filter((j) => !j.correct).map((j) => j.name);
  console.log(
    `${q.query.slice(0, 48).padEnd(50)}${q.leaderFound ? 'leader ' : 'MISSED '}${q.status === 'ok' ? '' : `[${q.status}] `}${q.missed.length ? `missed: ${q.missed.join(', ')}; ` : ''}${wrong.length ? `off: ${wrong.slice(0, 4).join(', ')}; ` : ''}occ ${q.occupationFit ? 'ok' : 'WRONG'} (${q.occupations.map((o) => `${o.role[0]}:${o.title}`).join(', ') || 'none'})${q.falseWhiteSpace ? ' FALSE WHITE SPACE' : ''}`,
  );
}
console.log('');
console.log(`Leader found:        ${pct(report.leaderFound)} of ${report.queries.length} queries`);
console.log(`Direct recall:       ${pct(report.recall)} of labelled leaders`);
console.log(`Precision:           ${pct(report.precision)} (first ${5} competitors of the top 3 opportunities)`);
console.log(`Occupation fit:      ${pct(report.occupationFit)}`);
if (report.customerIndustry !== null)
  console.log(
    `Customer industry:   ${pct(report.customerIndustry)} of ${report.queries.filter((q) => q.customerIndustry).length} labelled queries`,
  );
console.log(`Flat rankings:       ${pct(report.flatRankings)} of the analyses with two or more opportunities`);
console.log(`False white space:   ${report.falseWhiteSpace}`);
console.log(`Wrong abstentions:   ${report.wrongAbstentions}`);
console.log(
  `Nonsense abstained:  ${report.abstention.abstained}/${report.abstention.total}${report.abstention.leaked.length ? ` (leaked: ${report.abstention.leaked.join(' | ')})` : ''}`,
);
console.log(`Determinism:         ${report.determinism.identical}/${report.determinism.total} identical on two runs`);
console.log(
  `Groundedness:        ${pct(report.groundedness.share)} (${report.groundedness.grounded}/${report.groundedness.numbers} numbers recomputed from their evidence)`,
);
for (const l of report.leaveOneOut)
  console.log(
    `Leave-one-out:       ${l.slug} ${l.foundWithIt ? 'found' : 'NOT found'} by "${l.query}"; score ${l.before.toFixed(1)} → ${l.after.toFixed(1)} without it (${l.raised ? 'raised' : 'not raised'})`,
  );
for (const f of report.groundedness.failures.slice(0, 10)) console.log(`  grounding failure: ${f}`);
process.exit(report.groundedness.share === 1 ? 0 : 1);
