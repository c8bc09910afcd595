import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from './format.ts';

describe('formatDate', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('shows a bare calendar date as that day, whatever the reader’s time zone', () => {
    // Intl reads TZ when a formatter is built: west of Greenwich, UTC midnight is the day before.
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(formatDate('2026-11-23', 'long')).toContain('23');
    expect(formatDate('2026-11-23T02:00:00.000Z', 'long')).toContain('22');
  });
});
