import type { ScoreFactor } from '#shared/engine/analysis.schemas.ts';

// The arithmetic every idea score shares: a factor's contribution and a score from its factors.

export const round3 = (v: number): number => Math.round(v * 1000) / 1000;
export const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));

export function factor(f: Omit<ScoreFactor, 'contribution' | 'value'> & { value: number }, scale = 100): ScoreFactor {
  const value = round3(f.value);
  return { ...f, value, contribution: round3(value * f.weight * scale) };
}

export function total(factors: readonly ScoreFactor[]): number {
  return Math.round(
    Math.min(
      100,
      Math.max(
        0,
        factors.reduce((s, f) => s + f.contribution, 0),
      ),
    ),
  );
}
