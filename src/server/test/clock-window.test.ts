import { describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '#shared/app/time.constants.ts';
import { createClock } from '../lib/platform/clock.ts';
import { atNextWindowStart, msToNextWindowStart } from './clock-window.ts';

describe('atNextWindowStart', () => {
  it('moves the clock just past the next window start, and restore puts it back on its own time', () => {
    // 59.9 s into a minute: a burst sent now would cross the boundary within 0.1 s.
    const clock = createClock(new Date('2026-07-01T10:00:59.900Z'));
    const restore = atNextWindowStart(clock, MINUTE_MS);
    const moved = clock.now().getTime();
    expect(moved % MINUTE_MS).toBeGreaterThanOrEqual(100);
    expect(moved % MINUTE_MS).toBeLessThan(1_000);
    expect(new Date(moved).toISOString().slice(0, 16)).toBe('2026-07-01T10:01');
    restore();
    const back = clock.now().getTime() - new Date('2026-07-01T10:00:59.900Z').getTime();
    expect(back).toBeGreaterThanOrEqual(0);
    expect(back).toBeLessThan(1_000);
  });

  it('works for hour windows too', () => {
    const clock = createClock(new Date('2026-07-01T10:37:12Z'));
    atNextWindowStart(clock, HOUR_MS);
    expect(clock.now().toISOString().slice(0, 16)).toBe('2026-07-01T11:00');
  });
});

describe('msToNextWindowStart', () => {
  it('is the distance to 100 ms past the next boundary', () => {
    const now = new Date('2026-07-01T10:14:59Z').getTime();
    expect(msToNextWindowStart(15 * MINUTE_MS, now)).toBe(1_100);
    expect(msToNextWindowStart(MINUTE_MS, new Date('2026-07-01T10:15:00Z').getTime())).toBe(MINUTE_MS + 100);
  });
});
