import { describe, expect, it } from 'vitest';
import { formatScore, formatScoreOutOf, formatSize, formatUsd, notSizedReason, scoreValue } from './score-format.ts';

describe('score and money formatting (issue 29: one format on every page and export)', () => {
  it('shows a score as a whole number on 0–100', () => {
    expect(formatScore(41.7)).toBe('42');
    expect(formatScore(41.5)).toBe('42');
    expect(formatScore(41.49)).toBe('41');
    expect(formatScore(100.2)).toBe('100');
    expect(formatScore(-1)).toBe('0');
    expect(scoreValue(59.4)).toBe(59);
  });

  it('names the scale when asked', () => {
    expect(formatScoreOutOf(41.7)).toBe('42/100');
  });

  it('writes money in whole dollars with the sign in front', () => {
    expect(formatUsd(896_700_000)).toBe('$896,700,000');
    expect(formatUsd(-1_015_200)).toBe('-$1,015,200');
    expect(formatUsd(1234.6)).toBe('$1,235');
    expect(formatUsd(-0.2)).toBe('$0');
  });

  it('says a market that is not sized in words, never as a number, with its reason as a sentence', () => {
    expect(formatSize(null)).toBe('not sized');
    expect(formatSize(null, { capital: true })).toBe('Not sized');
    expect(formatSize(41.7)).toBe('42');
    expect(formatSize(0)).toBe('0');
    expect(notSizedReason('not sized: the evidence counts no people who buy')).toBe(
      'The evidence counts no people who buy.',
    );
    expect(notSizedReason('Nobody is counted.')).toBe('Nobody is counted.');
  });
});
