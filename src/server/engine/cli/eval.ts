import fs from 'node:fs';
import path from 'node:path';
import { loadEnvOrExit } from '../../env.ts';
import { createEngine, loadEngineIndex } from '../engine.ts';
import { readCommittedSets, type NamedEvalSet } from '../eval/eval-sets.ts';
import { readEvalSet, runEval, type EvalReport, type QueryJudgement } from '../eval/run-eval.ts';

// `npm run eval`: runs every committed evaluation set (eval/sets.json) on one loaded index and
// prints their measures side by side, development sets first, so a change that helps only the sets
// it was tuned on shows. Options:
//   --set path/to/labels.json   one set of your own instead of the committed ones
//   --only name,name            only these committed sets (names without .json)
//   --log DIR                   write each set's per-query judgements to DIR/<set>.log
//   --verbose                   print them too
// Honours DATASETS_DIR and DATA_DIR. Exits 1 when a number is not recomputable from its evidence.

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const pct = (v: number | null): string => (v === null ? '—' : `${(v * 100).toFixed(1)} %`);

const env = loadEnvOrExit();
const index = await loadEngineIndex(env);
if (env.SEMANTIC_SEARCH && index.semantic.sets === null) {
  console.error('Loading sentence vectors (computed once per corpus version, then cached under DATA_DIR)…');
  await index.semantic.settled;
}
const engine = await createEngine({ env });

const own = option('--set');
const only = option('--only')?.split(',');
const sets: NamedEvalSet[] = own
  ? [{ name: path.basename(own, '.json'), role: 'held-out', why: 'given with --set', set: readEvalSet(own) }]
  : readCommittedSets().filter((s) => !only || only.includes(s.name));

const status = engine.status();
console.log(
  `Corpus: ${status.corpusKind} ${status.corpusVersion}   retrieval: ${index.semantic.sets ? 'meaning + words' : 'words only'}`,
);

const reports: { named: NamedEvalSet; report: EvalReport }[] = [];
for (const named of sets) {
  console.error(`Running ${named.name} (${named.set.queries.length} queries)…`);
  const report = await runEval(engine, index, named.set);
  reports.push({ named, report });
  const lines = [...report.queries.map(queryLine), ...report.leaveOneOut.map(leaveOneOutLine)];
  const logDir = option('--log');
  if (logDir) {
    fs.mkdirSync(logDir, { recursive: true });
    fs.writeFileSync(path.join(logDir, `${named.name}.log`), lines.join('\n') + '\n');
  }
  if (args.includes('--verbose')) console.log(['', `## ${named.name}`, ...lines].join('\n'));
}

const rows: [string, (r: EvalReport) => string][] = [
  ['queries', (r) => String(r.queries.length)],
  ['leader found', (r) => pct(r.leaderFound)],
  ['recall of leaders', (r) => pct(r.recall)],
  ['precision (top 3 × first 5)', (r) => pct(r.precision)],
  ['occupation fit', (r) => pct(r.occupationFit)],
  ['customer industry', (r) => pct(r.customerIndustry)],
  ['flat rankings', (r) => pct(r.flatRankings)],
  ['single opportunity', (r) => String(r.queries.filter((q) => q.status === 'ok' && q.opportunities === 1).length)],
  ['false white space', (r) => String(r.falseWhiteSpace)],
  ['wrong abstentions', (r) => String(r.wrongAbstentions)],
  ['nonsense abstained', (r) => `${r.abstention.abstained}/${r.abstention.total}`],
  ['determinism', (r) => `${r.determinism.identical}/${r.determinism.total}`],
  ['groundedness', (r) => pct(r.groundedness.share)],
];
const header = ['measure', ...reports.map(({ named }) => `${named.name} (${named.role})`)];
const table = [header, ...rows.map(([label, f]) => [label, ...reports.map(({ report }) => f(report))])];
const widths = header.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
console.log('');
for (const [i, row] of table.entries()) {
  console.log(`| ${row.map((cell, j) => cell.padEnd(widths[j]!)).join(' | ')} |`);
  if (i === 0) console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
}
const failures = reports.flatMap(({ named, report }) => report.groundedness.failures.map((f) => `${named.name}: ${f}`));
for (const f of failures.slice(0, 10)) console.log(`  grounding failure: ${f}`);
process.exit(failures.length === 0 ? 0 : 1);

function queryLine(q: QueryJudgement): string {
  const wrong = q.judged.filter((j) => !j.correct).map((j) => j.name);
  const leader = !q.labelledLeaders ? 'no-lead ' : q.leaderFound ? 'leader ' : 'MISSED ';
  const occupations = q.occupations.map((o) => `${o.role[0]}:${o.title}`).join(', ') || 'none';
  return [
    `${q.query.slice(0, 48).padEnd(50)}${leader}`,
    q.status === 'ok' ? '' : `[${q.status}] `,
    q.missed.length ? `missed: ${q.missed.join(', ')}; ` : '',
    wrong.length ? `off: ${wrong.slice(0, 4).join(', ')}; ` : '',
    `occ ${q.occupationFit ? 'ok' : 'WRONG'} (${occupations})`,
    q.customerIndustry
      ? ` ind ${q.customerIndustry.right ? 'ok' : 'WRONG'} (${q.customerIndustry.cited ?? 'none'})`
      : '',
    ` opps ${q.opportunities}`,
    q.falseWhiteSpace ? ' FALSE WHITE SPACE' : '',
  ].join('');
}

function leaveOneOutLine(l: EvalReport['leaveOneOut'][number]): string {
  return `Leave-one-out: ${l.slug} ${l.foundWithIt ? 'found' : 'NOT found'} by "${l.query}"; score ${l.before.toFixed(1)} → ${l.after.toFixed(1)} without it (${l.raised ? 'raised' : 'not raised'})`;
}
