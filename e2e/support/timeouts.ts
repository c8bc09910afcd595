/**
 * How long a test server may take to answer /api/health after it is spawned (global set-up's and the
 * specs that start their own): tsx compiles the server and the corpus is loaded, which took over 120 s
 * on the 2-core machine at load 20. A hang is still caught.
 */
export const SERVER_START_TIMEOUT_MS = 300_000;
