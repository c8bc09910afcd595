import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite, type DatabaseHandle } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { resourceCategories, resources, users } from '../src/server/db/schema/index.ts';
import { readTestVariable } from '../src/server/env.ts';
import { seedLibrary } from '../src/server/features/resources/library.seed.ts';
import { searchResources } from '../src/server/features/resources/resources.service.ts';
import { resourceSearchQuerySchema, type ResourceSearch } from '../src/shared/resources/resources.schemas.ts';
import { legacyResourceSearch } from './support/legacy-resource-search.ts';
import { throwawayPostgres } from '../src/server/test/throwaway-postgres.ts';

// Issue 19 benchmark: resource-library search as the API runs it (text search, filters, rank, the
// page's rows, bookmark join, total) with 10,000 generated resources plus the seeded library, warm,
// p50/p95, on PGlite and PostgreSQL. Target: p95 ≤ 30 ms warm.
// The machine is shared, so absolute figures move with its load: every run of the search is paired
// with a run of the single statement it replaced (support/legacy-resource-search.ts), in alternating
// order, and the ratio of the two p95s is the figure to compare between sessions.

const PG_ADMIN_URL = readTestVariable('TEST_DATABASE_URL') ?? 'postgres://postgres@127.0.0.1:5432/test';
const GENERATED = 10_000;
const WARMUP = 30;
const RUNS = 300;

const WORDS = (
  'customer interview pricing canvas market research validation launch checklist template guide census ' +
  'employment wages occupation survey prototype design accessibility security payments subscription ' +
  'fundraising investor legal incorporation trademark privacy analytics growth retention churn onboarding ' +
  'marketplace hardware supply chain logistics dental clinic restaurant bakery plumber freelancer school'
).split(' ');
const TYPES = ['tool', 'template', 'guide', 'video', 'article'] as const;
const PHASES = ['research', 'validation', 'development', 'launch'] as const;
const IDEAS = ['software', 'physical_product', 'service', 'marketplace'] as const;
const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

function phrase(seed: number, length: number): string {
  return Array.from({ length }, (_, k) => pick(WORDS, (seed * 7919 + k * 104729) % 9973)).join(' ');
}

const QUERIES: Partial<ResourceSearch>[] = [
  { q: 'customer interview' },
  { q: 'pric' },
  { q: 'census employment wages' },
  { q: 'launch checklist', phase: ['launch'] },
  { q: 'dental clinic', type: ['guide', 'template'] },
  { q: 'privacy security', difficulty: ['beginner'] },
  { category: 'public-data' },
  { sort: 'rating' },
  { q: 'marketplace', ideaType: ['marketplace'], maxMinutes: 60 },
  { q: '"unterminated & | ! (x' },
];

function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

type Target = { name: string; open: () => Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> };

const targets: Target[] = [
  {
    name: 'PGlite',
    open: async () => {
      const database = fromPglite(await PGlite.create());
      return { database, drop: () => database.close() };
    },
  },
  {
    name: 'PostgreSQL',
    open: () => throwawayPostgres(PG_ADMIN_URL, 'unbuilt_bench', 5),
  },
];

async function benchTarget(target: Target): Promise<void> {
  const { database, drop } = await target.open();
  try {
    await runMigrations(database);
    const { db } = database;
    await seedLibrary(db);
    const categories = await db.select({ id: resourceCategories.id }).from(resourceCategories);
    const [user] = await db
      .insert(users)
      .values({ email: `bench-${randomBytes(4).toString('hex')}@example.test` })
      .returning();
    if (!user) throw new Error('no user');
    const started = performance.now();
    for (let batch = 0; batch < GENERATED / 1000; batch++) {
      await db.insert(resources).values(
        Array.from({ length: 1000 }, (_, j) => {
          const i = batch * 1000 + j;
          return {
            title: `${phrase(i, 4)} ${i}`,
            description: `${phrase(i + 1, 24)}.`,
            url: `https://example.org/bench/${i}`,
            resourceType: pick(TYPES, i),
            categoryId: pick(categories, i).id,
            phaseRelevance: [pick(PHASES, i), pick(PHASES, i + 1)],
            ideaTypes: [pick(IDEAS, i)],
            difficultyLevel: pick(LEVELS, i),
            estimatedTimeMinutes: 5 + (i % 120),
            averageRating: (i % 50) / 10,
            ratingCount: i % 13,
            bookmarkCount: i % 17,
            tagText: phrase(i + 2, 3),
          };
        }),
      );
    }
    const loadMs = performance.now() - started;
    await database.db.execute('analyze');
    const queries = QUERIES.map((q) => resourceSearchQuerySchema.parse(q));
    const viewer = { user, now: new Date() };
    const current = (query: ResourceSearch) => searchResources({ db, viewer, query });
    const legacy = (query: ResourceSearch) => legacyResourceSearch({ db, userId: user.id, query });
    for (let i = 0; i < WARMUP; i++) {
      await current(pick(queries, i));
      await legacy(pick(queries, i));
    }
    const samples = { current: [] as number[], legacy: [] as number[] };
    const perQuery = new Map<number, { current: number[]; legacy: number[] }>();
    const time = async (f: () => Promise<unknown>) => {
      const t0 = performance.now();
      await f();
      return performance.now() - t0;
    };
    for (let i = 0; i < RUNS; i++) {
      const query = pick(queries, i);
      const order = i % 2 === 0 ? (['current', 'legacy'] as const) : (['legacy', 'current'] as const);
      const entry = perQuery.get(i % queries.length) ?? { current: [], legacy: [] };
      for (const which of order) {
        const ms = await time(() => (which === 'current' ? current(query) : legacy(query)));
        samples[which].push(ms);
        entry[which].push(ms);
      }
      perQuery.set(i % queries.length, entry);
      if (i < queries.length && i !== 9 && (await current(query)).items.length === 0)
        console.log(`  (query ${i} matched nothing)`);
    }
    const p50 = quantile(samples.current, 0.5);
    const p95 = quantile(samples.current, 0.95);
    const legacyP95 = quantile(samples.legacy, 0.95);
    console.log(
      `${target.name}: ${GENERATED + 82} resources (loaded in ${(loadMs / 1000).toFixed(1)} s); search over ${RUNS} warm runs: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target ≤ 30 ms) ${p95 <= 30 ? 'OK' : 'OVER'}`,
    );
    console.log(
      `  same run, the replaced single statement: p50 ${quantile(samples.legacy, 0.5).toFixed(1)} ms, p95 ${legacyP95.toFixed(1)} ms → p95 ratio ${(p95 / legacyP95).toFixed(2)}`,
    );
    for (const [i, list] of perQuery) {
      const a = quantile(list.current, 0.95);
      const b = quantile(list.legacy, 0.95);
      console.log(
        `  ${JSON.stringify(QUERIES[i])}: p95 ${a.toFixed(1)} ms (replaced statement ${b.toFixed(1)} ms, ratio ${(a / b).toFixed(2)})`,
      );
    }
  } finally {
    await drop();
  }
}

for (const target of targets) await benchTarget(target);
