import { parseEnv } from '../src/server/env.ts';
import { createEngine, loadEngineIndex } from '../src/server/engine/engine.ts';
import { defaultFilters } from '../src/shared/searches/filters.schemas.ts';
const env = parseEnv({ ...process.env, DATA_DIR: '/tmp/seedx', JWT_SECRET: 'x'.repeat(40) });
const index = await loadEngineIndex(env); await index.semantic.settled;
const engine = await createEngine({ env });
for (const q of process.argv.slice(2)) {
  const a = await engine.analyze({ query: q, filters: { ...defaultFilters(), innovationScore: [70, 100] } });
  const b = await engine.analyze({ query: q, filters: defaultFilters() });
  console.log(q, '→', a.status, a.opportunities.length, '/', b.opportunities.length, b.opportunities.map((o) => `${o.innovationScore}:${o.competitors.length}`).join(' '));
}
process.exit(0);
