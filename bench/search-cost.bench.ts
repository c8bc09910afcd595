import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { fromPgliteThread, type DatabaseHandle } from '../src/server/db/client.ts';
import { startPgliteThread } from '../src/server/db/pglite-thread.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { rowsOf } from '../src/server/db/rows.ts';
import { users } from '../src/server/db/schema/index.ts';
import { readTestVariable } from '../src/server/env.ts';
import { bearerFor, benchEnv } from './support/bench-app.ts';
import { createFakeEngine } from '../src/server/test/fake-engine.ts';
import { statementsOf } from '../src/server/test/statement-counter.ts';
import { throwawayPostgres } from '../src/server/test/throwaway-postgres.ts';

// Issue 32 / docs/decisions/051: what one stored search costs the request thread, apart from the
// engine (a fake one answering at once with OPPORTUNITIES opportunities): its CPU time (the thread's
// own, from /proc, so a loaded machine slows it but does not add to it), the statements it sends, and
// on PostgreSQL the backends' CPU. POST /api/search through app.inject, CONCURRENCY at a time, in
// TURNS of SEARCHES; the median turn is printed. PGlite in a data folder on disk, in a worker thread,
// as the server runs it (docs/decisions/065), with that thread's CPU beside the request thread's.
// SEARCH_COST_ENGINE=pool: the real engine instead, in one worker thread over DATASETS_DIR (words
// only), so the request thread also receives, validates and stores analyses of their real size
// (docs/decisions/059); searches then take as long as the engine does, and the turns are shorter.
// SEARCH_COST_ONLY=pglite or postgres: one database only.
// SEARCH_COST_PROFILE=<folder>: a CPU profile of the request thread over the measured turns only,
// <folder>/<database>.cpuprofile (start-up, migrations and the warm-up left out).

const PG_ADMIN_URL = readTestVariable('TEST_DATABASE_URL') ?? 'postgres://postgres@127.0.0.1:5432/test';
const OPPORTUNITIES = 8;
const USERS = 20;
const CONCURRENCY = 4;
const TURNS = 5;
const IS_POOL = process.env.SEARCH_COST_ENGINE === 'pool';
const SEARCHES = IS_POOL ? 40 : 100;
const ONLY = process.env.SEARCH_COST_ONLY;
/** Markets of different sizes, so analyses of different sizes (the soak's first four). */
const QUERIES = [
  'invoicing for plumbers',
  'scheduling software for dentists',
  'meal planning for families',
  'payroll for restaurants',
];
const TICK_S = 1 / 100;

/** CPU seconds (user + system) of one task, from /proc (Linux). */
function cpuOf(statPath: string): number {
  const stat = fs.readFileSync(statPath, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_S;
}

const requestThreadCpu = () => cpuOf(`/proc/self/task/${process.pid}/stat`);

/** The PostgreSQL backends' CPU seconds for this database (0 on PGlite, or when /proc cannot see them). */
/** The CPU seconds of the database's own work outside this thread: PostgreSQL's backends, or PGlite's worker thread. */
async function backendsCpu(database: DatabaseHandle, pgliteTid?: number | null): Promise<number> {
  if (pgliteTid) return cpuOf(`/proc/self/task/${String(pgliteTid)}/stat`);
  if (!database.pool) return 0;
  const rows = rowsOf<{ pid: number }>(
    await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`),
  );
  let total = 0;
  for (const { pid } of rows) {
    try {
      total += cpuOf(`/proc/${pid}/stat`);
    } catch {
      // a backend that ended, or another machine's
    }
  }
  return total;
}

/** With SEARCH_COST_PROFILE: profiles this thread until stop(name) writes <folder>/<name>.cpuprofile. */
async function startProfile(): Promise<{ stop: (name: string) => Promise<void> } | null> {
  const dir = process.env.SEARCH_COST_PROFILE;
  if (!dir) return null;
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 250 });
  await post('Profiler.start');
  return {
    async stop(name) {
      const { profile } = await post<{ profile: object }>('Profiler.stop');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function benchOn(
  name: string,
  database: DatabaseHandle,
  dataDir: string,
  pgliteTid?: number | null,
): Promise<void> {
  await runMigrations(database);
  const env = benchEnv(
    dataDir,
    IS_POOL ? { ENGINE_WORKERS: '1', DATASETS_DIR: process.env.DATASETS_DIR } : { ENGINE_WORKERS: '0' },
  );
  const overrides = IS_POOL ? {} : { searchEngine: createFakeEngine({ opportunities: OPPORTUNITIES }) };
  const app = await buildApp({ env, database, overrides });
  await app.ready();
  try {
    const headers: Record<string, string>[] = [];
    for (let i = 0; i < USERS; i++) {
      const [user] = await database.db
        .insert(users)
        .values({
          email: `cost-${randomBytes(4).toString('hex')}@example.test`,
          name: 'Bench',
          subscriptionTier: 'pro',
          subscriptionStatus: 'active',
        })
        .returning();
      if (!user) throw new Error('no user');
      headers.push(await bearerFor(app, database.db, user.id));
    }
    let n = 0;
    const search = async () => {
      const i = n++;
      const res = await app.inject({
        method: 'POST',
        url: '/api/search',
        headers: headers[i % USERS],
        payload: { query: IS_POOL ? QUERIES[i % QUERIES.length] : `invoicing for plumbers ${String(i)}` },
      });
      if (res.statusCode !== 200) throw new Error(`search: ${String(res.statusCode)} ${res.body}`);
    };
    const batch = async (count: number) => {
      let left = count;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (left-- > 0) await search();
        }),
      );
    };
    await batch(20); // warm-up: prepared statements, JIT
    const profiler = await startProfile();
    const cpu: number[] = [];
    const backends: number[] = [];
    const wall: number[] = [];
    for (let turn = 0; turn < TURNS; turn++) {
      const [thread0, backend0, started] = [
        requestThreadCpu(),
        await backendsCpu(database, pgliteTid),
        performance.now(),
      ];
      await batch(SEARCHES);
      wall.push((performance.now() - started) / SEARCHES);
      cpu.push(((requestThreadCpu() - thread0) * 1000) / SEARCHES);
      backends.push((((await backendsCpu(database, pgliteTid)) - backend0) * 1000) / SEARCHES);
    }
    await profiler?.stop(name);
    // PGlite's statements run in its worker thread, where this process cannot count them.
    const sent = pgliteTid === undefined ? await statementsOf(database, search) : null;
    const own = sent?.filter((text) => !/pgboss|"jobs"|job_schedules/.test(text));
    console.log(
      `${name}: a stored search (${IS_POOL ? 'real engine in a worker' : `${String(OPPORTUNITIES)} opportunities, fake engine`}, ${CONCURRENCY} at a time, median of ${TURNS} turns of ${SEARCHES}): ` +
        `request thread ${median(cpu).toFixed(2)} ms CPU (turns ${cpu.map((c) => c.toFixed(1)).join(' ')}), ` +
        (database.pool ? `PostgreSQL backends ${median(backends).toFixed(2)} ms CPU, ` : '') +
        (pgliteTid ? `PGlite's thread ${median(backends).toFixed(2)} ms CPU, ` : '') +
        `${median(wall).toFixed(2)} ms wall a search; ` +
        (own
          ? `${own.length} statements (guard included): ${own.map((t) => t.replace(/\s+/g, ' ').slice(0, 28)).join(' | ')}`
          : "statements run in PGlite's thread (not counted)"),
    );
  } finally {
    await app.close();
  }
}

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (ONLY !== 'postgres') {
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-bench-cost-'));
  // As the server opens it (openDatabase, less the data-folder lock): in a worker thread (ADR 065).
  const thread = await startPgliteThread({ dataDir: path.join(pgliteDir, 'pglite') });
  const pglite = fromPgliteThread(thread);
  try {
    await benchOn('PGlite', pglite, pgliteDir, thread.tid);
  } finally {
    await pglite.close();
    fs.rmSync(pgliteDir, { recursive: true, force: true });
  }
}
if (ONLY !== 'pglite') {
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-bench-cost-'));
  const postgres = await throwawayPostgres(PG_ADMIN_URL, 'unbuilt_bench_cost');
  try {
    await benchOn('PostgreSQL', postgres.database, pgDir);
  } finally {
    await postgres.drop();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}
