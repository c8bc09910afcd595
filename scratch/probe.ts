import { parseEnv } from '../src/server/env.ts';
import { loadEngineIndex } from '../src/server/engine/engine.ts';
import { parseQuery } from '../src/server/engine/pipeline/parse-query.ts';
import { embedQueryVectors, withWorkerTitle } from '../src/server/engine/pipeline/query-vectors.ts';
import { gatherEvidence } from '../src/server/engine/pipeline/analyze.ts';
import { matchOccupations } from '../src/server/engine/pipeline/occupation-match.ts';
import { findJobs } from '../src/server/engine/pipeline/jobs.ts';
import { marketness } from '../src/server/engine/pipeline/abstain.ts';
import { dot } from '../src/server/engine/pipeline/query-vectors.ts';
import { defaultFilters } from '../src/shared/searches/filters.schemas.ts';
const env = parseEnv({ ...process.env, DATASETS_DIR: '/work/shared/data', DATA_DIR: '/work/wt-engine/.data', JWT_SECRET: 'x'.repeat(40) });
const index = await loadEngineIndex(env);
await index.semantic.settled;
console.log('note', index.semantic.note);
const n = index.corpus.companies.length;
for (const q of process.argv.slice(2)) {
  const pq = parseQuery(q, [], (t) => (index.documentFrequency.get(t) ?? 0) / n);
  const ev = await gatherEvidence(index, pq, defaultFilters());
  const v = ev.vectors; const m = ev.matches;
  console.log(`\n== ${q}  [offering: ${pq.offeringText} | segment: ${pq.segmentText}]`);
  const sets = index.semantic.sets!; const D = 512;
  const jv = v!.job ?? v!.offering;
  const top = Number(process.env.TOP ?? 20);
  for (const c of m.slice(0, top)) {
    const co = index.corpus.companies[c.id]!;
    const o = Math.max(dot(jv, sets.companies.vectors, c.id * D), dot(jv, sets.descriptions.vectors, c.id * D));
    console.log(`${c.relevance.toFixed(3)} h${c.headline.toFixed(2)} d${c.description.toFixed(2)} o${o.toFixed(2)} j${c.jobFit.toFixed(2)} w${c.words.toFixed(2)} s${c.segmentFit.toFixed(2)} ${co.topCompany ? '*' : ' '}${co.name}: ${co.oneLiner.slice(0, 70)}`);
  }
  console.log('marketness', marketness(index, v!).toFixed(3), 'job text', v!.jobText);
  const occ = matchOccupations(index, pq, v);
  for (const o of occ) console.log(`  occ ${o.role} ${o.fit} ${o.occupation.soc} ${o.occupation.title} [${o.matchedTitle}]`);
  for (const j of findJobs(index, v, occ)) console.log(`  job ${j.fit} ${j.phrase} <- ${j.occupation.occupation.title}`);
}
process.exit(0);
