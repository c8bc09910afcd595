import { readTestVariable } from '../env.ts';

/**
 * How many times longer the server suites' time limits are than written: TEST_TIME_SCALE (default 1).
 * CI's PostgreSQL pass sets 2, since it runs beside the browser suite and its two workers share the two
 * cores with the browser's two (.ci/run), as the browser suite's own limits grow with its workers
 * (e2e/support/timeouts.ts). The defaults of vitest.config.ts's server project grow by the same factor.
 */
export const TIME_SCALE = Math.max(1, Number(readTestVariable('TEST_TIME_SCALE')) || 1);

/** A time limit written for the suites alone on the machine, grown with what shares the cores with them. */
export function scaled(ms: number): number {
  return ms * TIME_SCALE;
}
