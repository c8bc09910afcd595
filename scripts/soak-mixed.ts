import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { throwawayPostgres } from '../src/server/test/throwaway-postgres.ts';
import {
  freePort,
  registerOverHttp,
  startServerProcess,
  waitForHealthy,
  type ServerProcess,
} from '../src/server/test/server-process.ts';
import {
  count,
  IN_FLIGHT_CEILING,
  interleaved,
  p95,
  percentile,
  sleep,
  statusesOf,
  timed,
  type Phase,
  type Sample,
  type Target,
} from './soak-mixed-phase.ts';

// The mixed load of issue 32: 30 readers for SOAK_MIXED_SECONDS (default 60) alone, with searches
// arriving at a fixed rate, and with 20 searchers in closed loops (scripts/soak-mixed-phase.ts,
// docs/decisions/051), interleaved in SOAK_MIXED_ROUNDS (default 3) rounds of shorter windows, on PGlite and on PostgreSQL (a throwaway database on SOAK_DATABASE_URL,
// TEST_DATABASE_URL or DATABASE_URL). Prints read p50/p95, health p50/p95/max and 503s, then each
// goal beside its figure with pass/FAIL: health p95 ≤ 50 ms, no 503 from health while the database is
// up, reads p95 ≤ 1.2× baseline — the fixed-rate ratio (what a search does to the reads) and the
// closed-loop ratio (how the CPU is shared when searches take all they can) each judged. Health is
// probed where a load balancer should probe it, the health port (HEALTH_PORT, docs/decisions/043),
// and, for comparison only, GET /api/health on the main port.
// DATASETS_DIR: the corpus the searches run on (unset: the seed corpus, much lighter).
// SOAK_SEARCH_RATE: the fixed-rate phase's searches a second (default 5: half of what the 10 soak
// users' Pro rate limit allows, 60 a minute each, so none is refused by it).
// SOAK_AUTH_CACHE_TTL_MS: the server's auth cache (default 5000, production's; the test default is 0).
// SOAK_PROFILE_DIR: the server's request thread is profiled in each phase (scripts/soak-profiler.mjs):
// a CPU profile and its event-loop delay per database and phase, written to that folder.

type Check = (ok: boolean, what: string) => void;
/** One goal of issue 32, its figure from this run and whether it was met. */
type Goal = { name: string; figure: string; goal: string; ok: boolean };

const SECONDS = Number(process.env.SOAK_MIXED_SECONDS ?? 60);
const SEARCHERS = 20;
const READERS = 30;
const SEARCH_RATE = Number(process.env.SOAK_SEARCH_RATE ?? 5);
const ROUNDS = Number(process.env.SOAK_MIXED_ROUNDS ?? 3);
const AUTH_CACHE_TTL_MS = process.env.SOAK_AUTH_CACHE_TTL_MS ?? '5000';
const USERS = 10;
/** Searches stored per user before the phases: a full page of GET /api/searches?pageSize=20. */
const HISTORY = 20;
const SECRET = 'soak-secret-that-is-long-enough-for-hs256-000000';
const QUERIES = [
  'scheduling software for dentists',
  'invoicing for plumbers',
  'meal planning for families',
  'inventory for small breweries',
  'payroll for restaurants',
  'crm for real estate agents',
  'compliance tracking for trucking companies',
  'patient intake for physical therapists',
  'route planning for landscapers',
  'bookkeeping for freelancers',
];

const PROFILE_DIR = process.env.SOAK_PROFILE_DIR ? path.resolve(process.env.SOAK_PROFILE_DIR) : null;
const PROFILER = fileURLToPath(new URL('./soak-profiler.mjs', import.meta.url));

/**
 * With SOAK_PROFILE_DIR: starts or stops the server's profile of a phase. scripts/soak-profiler.mjs
 * reads the command within 100 ms; the waits let it see each one and write the profile.
 */
async function profile(verb: 'start' | 'stop', label: string): Promise<void> {
  if (!PROFILE_DIR) return;
  fs.writeFileSync(path.join(PROFILE_DIR, 'control'), `${verb} ${label}\n`);
  await sleep(verb === 'start' ? 300 : 3_000);
}

async function proUsers(server: ServerProcess): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const email = `mixed-${Date.now()}-${i}@example.test`;
    const password = 'Violet-Harbour-Lantern-42';
    const { accessToken: token } = await registerOverHttp(server.url, { email, password, name: 'Soak' });
    // The Pro trial: 60 searches a minute and no monthly quota, so the load is the engine's.
    const trial = await fetch(`${server.url}/api/trial/activate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ email }),
    });
    if (trial.status !== 200) throw new Error(`trial: ${trial.status} ${await trial.text()}`);
    tokens.push(token);
  }
  return tokens;
}

function searchOn(server: ServerProcess): Target['search'] {
  return (token, i) =>
    timed(`${server.url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: `${QUERIES[i % QUERIES.length]!} ${String(i)}` }),
    });
}

/** A phase between profile marks. */
async function profiled(label: string, run: () => Promise<Phase>): Promise<Phase> {
  await profile('start', label);
  const result = await run();
  await profile('stop', label);
  return result;
}

const figures = (samples: Sample[]) => {
  const ms = samples.map((s) => s.ms);
  return `p50 ${percentile(ms, 50).toFixed(0)} ms p95 ${percentile(ms, 95).toFixed(0)} ms max ${Math.max(0, ...ms).toFixed(0)} ms, 503 ${count(samples, 503)}`;
};

function printPhase(label: string, name: string, p: Phase): void {
  const r = p.reads.map((s) => s.ms);
  console.log(
    `${label} ${name} (load ${Math.min(...p.loads).toFixed(1)}–${Math.max(...p.loads).toFixed(1)}): reads ${p.reads.length} (${(p.reads.length / SECONDS).toFixed(1)}/s) p50 ${percentile(r, 50).toFixed(0)} ms p95 ${percentile(r, 95).toFixed(0)} ms, 503 ${count(p.reads, 503)}; ` +
      `health port ${p.health.length} ${figures(p.health)}; main port /api/health ${p.mainHealth.length} ${figures(p.mainHealth)}; ` +
      `searches ${p.searches.length} done (${statusesOf(p.searches)}${p.dropped ? `, ${p.dropped} not started: ${IN_FLIGHT_CEILING} in flight` : ''}) p50 ${percentile(
        p.searches.map((s) => s.ms),
        50,
      ).toFixed(0)} ms`,
  );
}

/** The goals of one mixed phase against the readers-only baseline. */
function goalsOf(kind: string, base: Phase, mixed: Phase): Goal[] {
  const ratio = p95(mixed.reads) / Math.max(1, p95(base.reads));
  const health503 = count(mixed.health, 503) + count(mixed.health, 0);
  const readsOk = mixed.reads.filter((s) => s.status === 200).length;
  // 503 is the engine queue full, 429 the per-user rate limit: answers by design, not faults.
  const searchesOther = mixed.searches.filter((s) => ![200, 429, 503].includes(s.status)).length;
  const healthMs = mixed.health.map((s) => s.ms);
  return [
    {
      name: `${kind}: health port p95`,
      figure: `${p95(mixed.health).toFixed(0)} ms (p50 ${percentile(healthMs, 50).toFixed(0)}, max ${Math.max(0, ...healthMs).toFixed(0)})`,
      goal: '≤ 50 ms',
      ok: p95(mixed.health) <= 50,
    },
    {
      name: `${kind}: health port 503 (or no answer)`,
      figure: `${health503} of ${mixed.health.length}`,
      goal: 'none',
      ok: health503 === 0,
    },
    {
      name: `${kind}: read p95 / readers alone`,
      figure: `${ratio.toFixed(2)}× (${p95(mixed.reads).toFixed(0)} ms / ${p95(base.reads).toFixed(0)} ms)`,
      goal: '≤ 1.2×',
      ok: ratio <= 1.2,
    },
    {
      name: `${kind}: reads answered 200`,
      figure: `${readsOk} of ${mixed.reads.length}`,
      goal: 'all',
      ok: readsOk === mixed.reads.length,
    },
    {
      name: `${kind}: searches 200, 429 or 503 (queue full) only`,
      figure: `${searchesOther} other of ${mixed.searches.length} (${statusesOf(mixed.searches)})`,
      goal: 'none other',
      ok: searchesOther === 0,
    },
  ];
}

async function runOn(label: string, env: Record<string, string>, check: Check): Promise<Goal[]> {
  const healthPort = await freePort();
  const server = await startServerProcess({
    LOG_LEVEL: 'warn',
    JWT_SECRET: SECRET,
    ENABLE_TEST_HOOKS: 'true',
    HEALTH_PORT: String(healthPort),
    AUTH_CACHE_TTL_MS: AUTH_CACHE_TTL_MS,
    ...(PROFILE_DIR ? { NODE_OPTIONS: `--import ${PROFILER}`, SOAK_PROFILE_DIR: PROFILE_DIR } : {}),
    ...env,
  });
  const healthUrl = `http://127.0.0.1:${String(healthPort)}/api/health`;
  try {
    await waitForHealthy(server, 300_000);
    const tokens = await proUsers(server);
    const target: Target = { url: server.url, healthUrl, tokens, search: searchOn(server) };
    // A full first page of history for every reader before any phase (the list reads
    // pageSize=20), so all phases read the same pages. With one search each, the baseline read a
    // 1-item page and the mixed phase, as its searches were stored, a 20-item one: heavier reads
    // counted as the searches' doing.
    await Promise.all(
      tokens.flatMap((token, u) =>
        [0, 1].map(async (lane) => {
          for (let k = lane; k < HISTORY;) {
            const sample = await target.search(token, u * HISTORY + k);
            if (sample.status === 200) k += 2;
            else if (sample.status === 429 || sample.status === 503) await sleep(1_000);
            else throw new Error(`history search: ${String(sample.status)}`);
          }
        }),
      ),
    );
    // The three phases in windows of SOAK_MIXED_SECONDS / SOAK_MIXED_ROUNDS, interleaved, so that
    // the machine's other work weighs on each alike (docs/decisions/051).
    const kinds = [
      { kind: 'none' },
      { kind: 'rate', perSecond: SEARCH_RATE },
      { kind: 'closed', searchers: SEARCHERS },
    ] as const;
    const names = ['readers', 'fixed', 'mixed'];
    const [base, fixed, loops] = (await interleaved(target, [...kinds], SECONDS, ROUNDS, (kind, round, run) =>
      profiled(`${label}-${names[kind]!}-${String(round + 1)}`, run),
    )) as [Phase, Phase, Phase];
    printPhase(label, 'readers only', base);
    printPhase(label, `readers + searches at ${SEARCH_RATE}/s`, fixed);
    printPhase(label, `readers + ${SEARCHERS} searchers in closed loops`, loops);
    const goals = [
      ...goalsOf(`${SEARCH_RATE} searches/s (interference)`, base, fixed),
      ...goalsOf(`${SEARCHERS} closed loops (saturation)`, base, loops),
    ];
    for (const g of goals) check(g.ok, `${label}: ${g.name}: ${g.figure} (goal ${g.goal})`);
    return goals;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

/** The goals beside their figures, per database, at the end of the mixed load. */
function printGoals(results: { label: string; goals: Goal[] }[]): void {
  const rows = results.flatMap(({ label, goals }) =>
    goals.map((g) => [label, g.name, g.figure, g.goal, g.ok ? 'pass' : 'FAIL'] as const),
  );
  const header = ['database', 'goal', 'figure', 'target', 'verdict'] as const;
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const format = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(
    `\nmixed load goals (${READERS} readers; searches at ${SEARCH_RATE}/s, then ${SEARCHERS} in closed loops; ${SECONDS} s a phase; auth cache ${AUTH_CACHE_TTL_MS} ms):`,
  );
  console.log(format(header));
  for (const row of rows) console.log(format(row));
}

/**
 * PGlite, then PostgreSQL when a server is given: SOAK_DATABASE_URL, else TEST_DATABASE_URL, else
 * DATABASE_URL (a throwaway database is created on it and dropped after).
 */
export async function mixedLoad(check: Check): Promise<void> {
  console.log(
    `\n--- mixed load: ${READERS} readers alone, with searches at ${SEARCH_RATE}/s, with ${SEARCHERS} searchers in closed loops; ${SECONDS} s a phase`,
  );
  if (PROFILE_DIR) {
    fs.mkdirSync(PROFILE_DIR, { recursive: true });
    fs.rmSync(path.join(PROFILE_DIR, 'control'), { force: true });
  }
  const datasets: Record<string, string> = process.env.DATASETS_DIR ? { DATASETS_DIR: process.env.DATASETS_DIR } : {};
  if (!process.env.DATASETS_DIR) console.log('(DATASETS_DIR unset: the seed corpus; set it for the real load)');
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-soak-mixed-'));
  const results = [{ label: 'PGlite', goals: await runOn('PGlite', { DATA_DIR: dataDir(), ...datasets }, check) }];
  const adminUrl = process.env.SOAK_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) {
    console.log(
      'PostgreSQL: skipped (set SOAK_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL to a server where a throwaway database may be created)',
    );
  } else {
    const throwaway = await throwawayPostgres(adminUrl, 'unbuilt_soak');
    try {
      const env = { DATA_DIR: dataDir(), DATABASE_URL: throwaway.url, ...datasets };
      results.push({ label: 'PostgreSQL', goals: await runOn('PostgreSQL', env, check) });
    } finally {
      await throwaway.drop();
    }
  }
  printGoals(results);
}
