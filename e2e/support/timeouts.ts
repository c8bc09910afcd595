/**
 * How long a test server may take to answer /api/health after it is spawned (global set-up's and the
 * specs that start their own): tsx compiles the server and the corpus is loaded, which took over 120 s
 * on the 2-core machine at load 20. A hang is still caught.
 */
export const SERVER_START_TIMEOUT_MS = 300_000;

/** How many browser files run at once (vitest.config.ts: E2E_WORKERS; `npm test` runs 2). */
const WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS)) || 1);

/**
 * A time limit for one file's work, grown with the files that share the cores with it, as the suite's
 * own test timeout is (60 s per worker, vitest.config.ts). A fixed limit written for one file at a time
 * ran out at load 20 with two (the admin console's 180 s, the search journey's 120 s).
 */
export function scaled(ms: number): number {
  return ms * WORKERS;
}
