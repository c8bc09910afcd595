import type { Clock } from '../lib/platform/clock.ts';

/**
 * Moves the test clock to just after the start of the next fixed window of `windowMs`, so a burst of
 * requests sent next falls in one rate-limit window however slow the machine is (the clock still
 * runs with real time, so the burst has the whole window). Rate limits count in fixed windows
 * (lib/http/rate-limit.ts): a burst that crosses a boundary starts counting again, and a test of
 * "the 61st request is refused" passes or fails by the second it ran at.
 * Returns a function that puts the clock back where it would have been without the move.
 */
export function atNextWindowStart(clock: Clock, windowMs: number): () => void {
  const before = clock.now().getTime();
  const realBefore = Date.now();
  const nextStart = Math.floor(before / windowMs) * windowMs + windowMs;
  clock.set(new Date(nextStart + 100));
  return () => clock.set(new Date(before + (Date.now() - realBefore)));
}

/** How far to move clocks that run on real time (other processes' test clocks) to the next window. */
export function msToNextWindowStart(windowMs: number, now = Date.now()): number {
  return Math.floor(now / windowMs) * windowMs + windowMs + 100 - now;
}
