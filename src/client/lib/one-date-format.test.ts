import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth } from './format.ts';

// Issue 29: dates were written two ways ("11/27/2026" beside "Nov 27, 2026") because screens called
// toLocaleDateString() themselves. Every date goes through lib/format.ts.

const SOURCES = import.meta.glob<string>(['/src/client/**/*.{ts,tsx}', '!/src/client/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('one date format', () => {
  it('no screen formats a date itself: only lib/format.ts calls toLocaleDateString / toLocaleString()', () => {
    const files = Object.keys(SOURCES);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => file !== '/src/client/lib/format.ts')
      .filter((file) => /\.toLocale(Date|Time)String\(|\.toLocaleString\(\)/.test(SOURCES[file] ?? ''));
    expect(offenders).toEqual([]);
  });

  it('writes the month by name, the same way for a date, a moment and a month', () => {
    expect(formatDate('2026-11-27')).toBe('Nov 27, 2026');
    expect(formatDateTime('2026-11-27T15:04:00')).toMatch(/^Nov 27, 2026, /);
    expect(formatMonth('2026-11')).toBe('Nov 2026');
  });
});
