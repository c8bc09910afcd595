import os from 'node:os';

// One phase of the mixed load (scripts/soak-mixed.ts): 30 readers in closed loops, health probed on a
// fixed beat, and the searches in one of three ways (docs/decisions/051):
// - none: the readers alone, the baseline;
// - closed: 20 searchers in closed loops, each starting a search the moment its last one ends (the
//   attack run of issue 32). They take whatever CPU the machine has, so a faster search path only
//   lets more searches through: the read ratio then measures how the CPU is shared (saturation);
// - rate: searches arriving at a fixed rate whatever the server does (an open loop), at most 20 in
//   flight (an arrival that finds 20 running is counted as dropped). The work asked of the server is
//   the same whatever the code, so the read ratio measures what each search does to the reads
//   (interference).

export type Sample = { ms: number; status: number; retryAfterSeconds?: number };
export type Searches = { kind: 'none' } | { kind: 'closed'; searchers: number } | { kind: 'rate'; perSecond: number };
export type Phase = {
  reads: Sample[];
  health: Sample[];
  mainHealth: Sample[];
  searches: Sample[];
  /** Arrivals of a fixed-rate phase not started because the ceiling was in flight. */
  dropped: number;
  /** The machine's 1-minute load at the end of each window: the figures mean little without it. */
  loads: number[];
};
export type Target = {
  url: string;
  healthUrl: string;
  tokens: string[];
  search: (token: string, i: number) => Promise<Sample>;
};

const READERS = 30;
/** The fixed-rate phase's ceiling: the 20 concurrent searches. */
export const IN_FLIGHT_CEILING = 20;
const HEALTH_EVERY_MS = 250;
const READS = ['/api/searches?pageSize=20', '/api/user/usage', '/api/auth/user'];

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function timed(url: string, init: RequestInit = {}): Promise<Sample> {
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

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const p95 = (samples: Sample[]) =>
  percentile(
    samples.map((s) => s.ms),
    95,
  );

export const count = (samples: Sample[], status: number) => samples.filter((s) => s.status === status).length;

/** "200 ×12, 429 ×3": each status seen, with its count. */
export function statusesOf(samples: Sample[]): string {
  const counts = new Map<number, number>();
  for (const s of samples) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return (
    [...counts]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status} ×${n}`)
      .join(', ') || 'none'
  );
}

/** Closed loops: each searcher starts its next search when the last one ends; a 429 is waited out. */
function closedLoops(target: Target, searchers: number, until: number, searches: Sample[]): Promise<void>[] {
  let n = 0;
  return Array.from({ length: searchers }, async (_, s) => {
    // Two loops per user: the in-flight cap (2) is never what refuses them. A 429 (the Pro trial's
    // 60 searches a minute) is waited out as a client would, so the searches keep the engine busy.
    while (Date.now() < until) {
      const sample = await target.search(target.tokens[s % target.tokens.length]!, n++);
      searches.push(sample);
      if (sample.status === 429) await sleep(Math.min(until - Date.now(), (sample.retryAfterSeconds ?? 1) * 1_000));
    }
  });
}

/**
 * An open loop: a search starts every 1/perSecond s on its own schedule (users in turn), whether or
 * not the earlier ones have ended, unless IN_FLIGHT_CEILING are running. Resolves when the last
 * started search has ended, so the next phase starts with none in flight.
 */
async function fixedRate(target: Target, perSecond: number, until: number, searches: Sample[]): Promise<number> {
  const started = Date.now();
  const running = new Set<Promise<void>>();
  let dropped = 0;
  for (let i = 0; ; i++) {
    const due = started + (i * 1_000) / perSecond;
    if (due >= until) break;
    await sleep(due - Date.now());
    if (running.size >= IN_FLIGHT_CEILING) {
      dropped++;
      continue;
    }
    const one: Promise<void> = target.search(target.tokens[i % target.tokens.length]!, i).then((sample) => {
      searches.push(sample);
      running.delete(one);
    });
    running.add(one);
  }
  await Promise.all(running);
  return dropped;
}

/** Readers in closed loops, the searches as asked, health probed on a fixed beat, for `seconds`. */
async function phase(target: Target, searchesAs: Searches, seconds: number): Promise<Phase> {
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
  const readers = Array.from({ length: READERS }, async (_, r) => {
    for (let k = r; Date.now() < until; k++) {
      const headers = { authorization: `Bearer ${target.tokens[r % target.tokens.length]!}` };
      reads.push(await timed(`${target.url}${READS[k % READS.length]!}`, { headers }));
    }
  });
  const searching =
    searchesAs.kind === 'closed'
      ? Promise.all(closedLoops(target, searchesAs.searchers, until, searches)).then(() => 0)
      : searchesAs.kind === 'rate'
        ? fixedRate(target, searchesAs.perSecond, until, searches)
        : Promise.resolve(0);
  const [dropped] = await Promise.all([
    searching,
    ...readers,
    probe(target.healthUrl, health),
    probe(`${target.url}/api/health`, mainHealth),
  ]);
  return { reads, health, mainHealth, searches, dropped, loads: [os.loadavg()[0]!] };
}

/**
 * The phases in short windows, `rounds` times, each round in another order (a Latin square: 0 1 2,
 * 1 2 0, 2 0 1): the machine's other work changes by the minute, and every kind of phase then
 * shares each minute alike, as does any after-effect of the one before it. `windowed` wraps each
 * window (the profiler's marks). Each kind's windows are merged.
 */
export async function interleaved(
  target: Target,
  kinds: Searches[],
  seconds: number,
  rounds: number,
  windowed: (kind: number, round: number, run: () => Promise<Phase>) => Promise<Phase>,
): Promise<Phase[]> {
  const merged: Phase[] = kinds.map(() => ({
    reads: [],
    health: [],
    mainHealth: [],
    searches: [],
    dropped: 0,
    loads: [],
  }));
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < kinds.length; k++) {
      const kind = (k + round) % kinds.length;
      const one = await windowed(kind, round, () => phase(target, kinds[kind]!, seconds / rounds));
      const into = merged[kind]!;
      into.reads.push(...one.reads);
      into.health.push(...one.health);
      into.mainHealth.push(...one.mainHealth);
      into.searches.push(...one.searches);
      into.dropped += one.dropped;
      into.loads.push(...one.loads);
    }
  }
  return merged;
}
