import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, ne } from 'drizzle-orm';
import { defaultFilters } from '../src/shared/searches/filters.schemas.ts';
import { corpusRefreshes, searches, users, watchRuns, watches } from '../src/server/db/schema/index.ts';
import { DATASET_FILES } from '../src/server/engine/corpus/load-datasets.ts';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../src/server/app.ts';
import { fromPglite } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { parseEnv } from '../src/server/env.ts';
import { createUser } from '../src/server/test/factories.ts';
import type { TestApp } from '../src/server/test/test-app.ts';

// Watched markets after a corpus swap (issue 33): N watches (default 1,000; `-- watches 200` for
// fewer) over the full datasets (DATASETS_DIR or ../shared/data), the corpus reloaded at run time
// with one more batch, then the time until every watch has its re-run through the real job runner
// (PGlite, in-process runner, engine pool of ENGINE_WORKERS threads): total and per analysis.

const source = process.env.DATASETS_DIR ?? '../shared/data';
if (!fs.existsSync(path.join(source, DATASET_FILES.yc))) {
  console.log(`No datasets at ${source}: set DATASETS_DIR to the full public datasets.`);
  process.exit(0);
}
const count = Number(process.argv[3] ?? process.argv[2] ?? 1000) || 1000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-watch-bench-'));
for (const file of Object.values(DATASET_FILES)) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.copyFileSync(path.join(source, file), path.join(dir, file));
}
// The older version: the directory without its newest batch.
type Company = { batch: string };
const companies = JSON.parse(fs.readFileSync(path.join(source, DATASET_FILES.yc), 'utf8')) as Company[];
const seasons = ['Winter', 'Spring', 'Summer', 'Fall'];
const order = (b: string) => Number(b.split(' ')[1] ?? 0) * 10 + seasons.indexOf(b.split(' ')[0] ?? '');
const newest = companies.map((c) => c.batch).sort((a, b) => order(b) - order(a))[0]!;
fs.writeFileSync(path.join(dir, DATASET_FILES.yc), JSON.stringify(companies.filter((c) => c.batch !== newest)));

const QUERIES = [
  'pet care for elderly owners',
  'compliance software for dental clinics',
  'accounting for law firms',
  'meal planning for busy families',
  'crm for real estate agents',
  'telehealth for rural patients',
  'inventory software for bakeries',
  'daycare booking for parents',
  'invoice factoring for truckers',
  'AI tutor for high school math',
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-watch-bench-data-'));
const database = fromPglite(await PGlite.create());
await runMigrations(database);
const env = parseEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SEMANTIC_SEARCH: 'false',
  DATASETS_DIR: dir,
  ENGINE_WORKERS: process.env.ENGINE_WORKERS ?? '2',
});
const app = await buildApp({ env, database });
await app.ready();
// The test factories sign a user in through these three.
const t = { app, db: database, clock: app.deps.clock } as unknown as TestApp;
try {
  const before = t.app.engine.status().corpusVersion;
  const [user] = await t.db.db
    .insert(users)
    .values({ email: 'bench@example.test', subscriptionTier: 'enterprise', subscriptionStatus: 'active' })
    .returning();
  for (let i = 0; i < count; i++) {
    const [search] = await t.db.db
      .insert(searches)
      .values({
        userId: user!.id,
        query: QUERIES[i % QUERIES.length]!,
        filters: defaultFilters(),
        status: 'ok',
        engine: 'offline',
        composerMode: 'offline',
        corpusVersion: before,
        corpusKind: 'full',
        rubricVersion: 'bench',
        facets: { offering: [], segment: [], keywords: [] },
      })
      .returning({ id: searches.id });
    const [watch] = await t.db.db
      .insert(watches)
      .values({ userId: user!.id, searchId: search!.id, createdAt: new Date() })
      .returning({ id: watches.id });
    await t.db.db.insert(watchRuns).values({
      watchId: watch!.id,
      corpusVersion: before,
      kind: 'baseline',
      ranAt: new Date(),
      snapshot: { status: 'ok', opportunities: [], companies: [] },
    });
  }
  fs.copyFileSync(path.join(source, DATASET_FILES.yc), path.join(dir, DATASET_FILES.yc));
  const admin = await createUser(t, { role: 'admin' });
  const started = performance.now();
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/corpus/refresh', headers: admin.headers });
  if (res.statusCode !== 202) throw new Error(`refresh: ${res.statusCode} ${res.body}`);
  let swappedAt = 0;
  for (;;) {
    const [row] = await t.db.db.select().from(corpusRefreshes).where(ne(corpusRefreshes.status, 'building'));
    if (row?.status === 'activated') break;
    if (row) throw new Error(`refresh ${row.status}: ${row.error ?? ''}`);
    await new Promise((r) => setTimeout(r, 250));
    if (performance.now() - started > 600_000) throw new Error('no swap within 10 minutes');
  }
  swappedAt = performance.now();
  for (;;) {
    const runs = await t.db.db.select({ id: watchRuns.id }).from(watchRuns).where(eq(watchRuns.kind, 'rerun'));
    if (runs.length >= count) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const done = performance.now();
  console.log(`watches: ${count}, corpus ${before} → ${t.app.engine.status().corpusVersion}`);
  console.log(`swap (load the new corpus in new workers): ${((swappedAt - started) / 1000).toFixed(1)} s`);
  console.log(
    `re-runs: ${((done - swappedAt) / 1000).toFixed(1)} s total, ${((done - swappedAt) / count).toFixed(0)} ms per analysis`,
  );
} finally {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
