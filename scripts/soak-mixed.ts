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

// The mixed load of issue 32: 20 searches running all the time plus 30 readers for SOAK_MIXED_SECONDS
// (default 60), on PGlite and on PostgreSQL (a throwaway database on SOAK_DATABASE_URL,
// TEST_DATABASE_URL or DATABASE_URL), after a baseline of the same readers without searches. Prints
// read p50/p95, health p50/p95/max and 503s, then each goal beside its figure with pass/FAIL: health
// p95 ≤ 50 ms, no 503 from health while the database is up, reads p95 ≤ 1.2× baseline. Health is
// probed where a load balancer should probe it, the health port (HEALTH_PORT, docs/decisions/043),
// and, for comparison only, GET /api/health on the main port.
// DATASETS_DIR: the corpus the searches run on (unset: the seed corpus, much lighter).
// SOAK_PROFILE_DIR: the server's request thread is profiled in each phase (scripts/soak-profiler.mjs):
// a CPU profile and its event-loop delay per database and phase, written to that folder.

type Check = (ok: boolean, what: string) => void;
/** One goal of issue 32, its figure from this run and whether it was met. */
type Goal = { name: string; figure: string; goal: string; ok: boolean };

const SECONDS = Number(process.env.SOAK_MIXED_SECONDS ?? 60);
const SEARCHERS = 20;
const READERS = 30;
const USERS = 10;
/** Searches stored per user before the phases: a full page of GET /api/searches?pageSize=20. */
const HISTORY = 20;
const HEALTH_EVERY_MS = 250;
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
const READS = ['/api/searches?pageSize=20', '/api/user/usage', '/api/auth/user'];

type Sample = { ms: number; status: number; retryAfterSeconds?: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function timed(url: string, init: RequestInit = {}): Promise<Sample> {
  const started = performance.now();
  const status = await fetch(url, { ...init, signal: AbortSignal.timeout(120_000) })
    .then(async (res) => {
      await res.arrayBuffer();
      return { status: res.status, retryAfter: res.headers.get('retry-after') };
    })
    .catch(() => ({ status: 0, retryAfter: null }));
  const sample: Sample = { ms: performance.now() - started, status: status.status };
  if (status.retryAfter) sample.retryAfterSeconds = Number(status.retryAfter);
  return sample;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const count = (samples: Sample[], status: number) => samples.filter((s) => s.status === status).length;

/** "200 ×12, 429 ×3": each status seen, with its count. */
function statusesOf(samples: Sample[]): string {
  const counts = new Map<number, number>();
  for (const s of samples) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return (
    [...counts]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status} ×${n}`)
      .join(', ') || 'none'
  );
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

function search(server: ServerProcess, token: string, i: number): Promise<Sample> {
  return timed(`${server.url}/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: `${QUERIES[i % QUERIES.length]!} ${String(i)}` }),
  });
}

/** Readers (and searchers, when asked) in closed loops, health probed on a fixed beat, for `seconds`. */
async function phase(
  server: ServerProcess,
  healthUrl: string,
  tokens: string[],
  withSearches: boolean,
  seconds: number,
) {
  const until = Date.now() + seconds * 1_000;
  const reads: Sample[] = [];
  const health: Sample[] = [];
  const mainHealth: Sample[] = [];
  const searches: Sample[] = [];
  const probe = async (url: string, samples: Sample[]) => {
    while (Date.now() < until) {
      samples.push(await timed(url));
      await sleep(HEALTH_EVERY_MS);
    }
  };
  let n = 0;
  const loops = [
    ...Array.from({ length: READERS }, async (_, r) => {
      for (let k = r; Date.now() < until; k++) {
        const headers = { authorization: `Bearer ${tokens[r % tokens.length]!}` };
        reads.push(await timed(`${server.url}${READS[k % READS.length]!}`, { headers }));
      }
    }),
    ...(withSearches
      ? Array.from({ length: SEARCHERS }, async (_, s) => {
          // Two loops per user: the in-flight cap (2) is never what refuses them.
          // A 429 (the Pro trial's 60 searches a minute) is waited out as a client would, so the
          // searches keep the engine busy instead of bouncing off the rate limit.
          while (Date.now() < until) {
            const sample = await search(server, tokens[s % tokens.length]!, n++);
            searches.push(sample);
            if (sample.status === 429)
              await sleep(Math.min(until - Date.now(), (sample.retryAfterSeconds ?? 1) * 1_000));
          }
        })
      : []),
    probe(healthUrl, health),
    probe(`${server.url}/api/health`, mainHealth),
  ];
  await Promise.all(loops);
  // The machine's load at the end of the phase (1-minute average): the figures mean little without it.
  return { reads, health, mainHealth, searches, load: os.loadavg()[0]! };
}

async function runOn(label: string, env: Record<string, string>, check: Check): Promise<Goal[]> {
  const healthPort = await freePort();
  const server = await startServerProcess({
    LOG_LEVEL: 'warn',
    JWT_SECRET: SECRET,
    ENABLE_TEST_HOOKS: 'true',
    HEALTH_PORT: String(healthPort),
    ...(PROFILE_DIR ? { NODE_OPTIONS: `--import ${PROFILER}`, SOAK_PROFILE_DIR: PROFILE_DIR } : {}),
    ...env,
  });
  const healthUrl = `http://127.0.0.1:${String(healthPort)}/api/health`;
  try {
    await waitForHealthy(server, 300_000);
    const tokens = await proUsers(server);
    // A full first page of history for every reader before either phase (the list reads
    // pageSize=20), so both phases read the same pages. With one search each, the baseline read a
    // 1-item page and the mixed phase, as its searches were stored, a 20-item one: heavier reads
    // counted as the searches' doing.
    await Promise.all(
      tokens.flatMap((token, u) =>
        [0, 1].map(async (lane) => {
          for (let k = lane; k < HISTORY;) {
            const sample = await search(server, token, u * HISTORY + k);
            if (sample.status === 200) k += 2;
            else if (sample.status === 429 || sample.status === 503) await sleep(1_000);
            else throw new Error(`history search: ${String(sample.status)}`);
          }
        }),
      ),
    );
    await profile('start', `${label}-readers`);
    const base = await phase(server, healthUrl, tokens, false, SECONDS);
    await profile('stop', `${label}-readers`);
    await profile('start', `${label}-mixed`);
    const mixed = await phase(server, healthUrl, tokens, true, SECONDS);
    await profile('stop', `${label}-mixed`);
    const figures = (samples: Sample[]) => {
      const ms = samples.map((s) => s.ms);
      return `p50 ${percentile(ms, 50).toFixed(0)} ms p95 ${percentile(ms, 95).toFixed(0)} ms max ${Math.max(0, ...ms).toFixed(0)} ms, 503 ${count(samples, 503)}`;
    };
    const line = (name: string, p: Awaited<ReturnType<typeof phase>>) => {
      const r = p.reads.map((s) => s.ms);
      console.log(
        `${label} ${name} (load ${p.load.toFixed(1)}): reads ${p.reads.length} (${(p.reads.length / SECONDS).toFixed(1)}/s) p50 ${percentile(r, 50).toFixed(0)} ms p95 ${percentile(r, 95).toFixed(0)} ms, 503 ${count(p.reads, 503)}; ` +
          `health port ${p.health.length} ${figures(p.health)}; main port /api/health ${p.mainHealth.length} ${figures(p.mainHealth)}; ` +
          `searches ${p.searches.length} done (${statusesOf(p.searches)}) p50 ${percentile(
            p.searches.map((s) => s.ms),
            50,
          ).toFixed(0)} ms`,
      );
    };
    line('readers only', base);
    line('readers + 20 searches', mixed);
    const p95 = (samples: Sample[]) =>
      percentile(
        samples.map((s) => s.ms),
        95,
      );
    const baseReadP95 = p95(base.reads);
    const mixedReadP95 = p95(mixed.reads);
    const ratio = mixedReadP95 / Math.max(1, baseReadP95);
    const health503 = count(mixed.health, 503) + count(mixed.health, 0);
    const readsOk = mixed.reads.filter((s) => s.status === 200).length;
    // 503 is the engine queue full, 429 the per-user rate limit: answers by design, not faults.
    const searchesOther = mixed.searches.filter((s) => ![200, 429, 503].includes(s.status)).length;
    const goals: Goal[] = [
      {
        name: 'health port p95 under the mixed load',
        figure: `${p95(mixed.health).toFixed(0)} ms (p50 ${percentile(
          mixed.health.map((s) => s.ms),
          50,
        ).toFixed(0)}, max ${Math.max(0, ...mixed.health.map((s) => s.ms)).toFixed(0)})`,
        goal: '≤ 50 ms',
        ok: p95(mixed.health) <= 50,
      },
      {
        name: 'health port 503 (or no answer) while the database is up',
        figure: `${health503} of ${mixed.health.length}`,
        goal: 'none',
        ok: health503 === 0,
      },
      {
        name: 'authenticated read p95: with searches / readers alone',
        figure: `${ratio.toFixed(2)}× (${mixedReadP95.toFixed(0)} ms / ${baseReadP95.toFixed(0)} ms)`,
        goal: '≤ 1.2×',
        ok: ratio <= 1.2,
      },
      {
        name: 'reads answered 200 under the mixed load',
        figure: `${readsOk} of ${mixed.reads.length}`,
        goal: 'all',
        ok: readsOk === mixed.reads.length,
      },
      {
        name: 'searches 200, 429 (rate limit) or 503 (queue full), never another status',
        figure: `${searchesOther} other of ${mixed.searches.length} (${statusesOf(mixed.searches)})`,
        goal: 'none other',
        ok: searchesOther === 0,
      },
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
  console.log(`\nmixed load goals (${SEARCHERS} searches + ${READERS} readers, ${SECONDS} s a phase):`);
  console.log(format(header));
  for (const row of rows) console.log(format(row));
}

/**
 * PGlite, then PostgreSQL when a server is given: SOAK_DATABASE_URL, else TEST_DATABASE_URL, else
 * DATABASE_URL (a throwaway database is created on it and dropped after).
 */
export async function mixedLoad(check: Check): Promise<void> {
  console.log(`\n--- mixed load: ${SEARCHERS} searches + ${READERS} readers, ${SECONDS} s a phase`);
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
