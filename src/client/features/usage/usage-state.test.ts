import { describe, expect, it } from 'vitest';
import { usageState } from './usage-state.ts';

describe('usage card states', () => {
  it.each([
    [0, 'normal'],
    [2, 'normal'],
    [3, 'warning'],
    [4, 'warning'],
    [5, 'limit'],
    [7, 'limit'],
  ] as const)('%i of 5 → %s', (used, state) => {
    expect(usageState({ searchesUsed: used, searchesLimit: 5 })).toBe(state);
  });
  it('is always normal when unlimited', () => {
    expect(usageState({ searchesUsed: 500, searchesLimit: null })).toBe('normal');
  });
});
