import { describe, expect, it } from 'vitest';
import { SAME_COMPETITORS, SAME_SCORE, withoutRepeatedJobs } from './distinct-jobs.ts';

// Job cells that repeat a closer one (the same competitors, the same score) are one opportunity.

const cell = (name: string, kind: string, ids: number[], fit: number, score: number) => ({
  name,
  cell: { kind, members: ids.map((id) => ({ id })), definitionFit: fit },
  scores: { opportunityScore: score },
});
const names = (cells: { name: string }[]) => cells.map((c) => c.name);

describe('job cells that repeat a closer one', () => {
  it('drops the farther of two job cells with the same competitors and the same score', () => {
    const cells = [
      cell('core', 'core', [1, 2, 3, 4], 1, 40),
      cell('far', 'job', [1, 2, 3, 4], 0.5, 41),
      cell('near', 'job', [1, 2, 3, 4], 0.6, 40),
    ];
    expect(names(withoutRepeatedJobs(cells))).toEqual(['core', 'near']);
  });

  it('keeps job cells whose competitors differ enough or whose scores differ', () => {
    // 3 shared of 5 listed: under the bar.
    const apart = [cell('a', 'job', [1, 2, 3, 4], 0.6, 40), cell('b', 'job', [1, 2, 3, 5], 0.5, 40)];
    expect(3 / 5).toBeLessThan(SAME_COMPETITORS);
    expect(names(withoutRepeatedJobs(apart))).toEqual(['a', 'b']);
    const scored = [cell('a', 'job', [1, 2], 0.6, 40), cell('b', 'job', [1, 2], 0.5, 40 + SAME_SCORE + 1)];
    expect(names(withoutRepeatedJobs(scored))).toEqual(['a', 'b']);
  });

  it('never drops white space, the core or a neighbour, and keeps the order it was given', () => {
    const cells = [
      cell('ws1', 'job', [], 0.6, 60),
      cell('ws2', 'job', [], 0.5, 60),
      cell('adjacent', 'adjacent', [1, 2], 0.5, 40),
      cell('core', 'core', [1, 2], 1, 40),
      cell('job', 'job', [1, 2], 0.4, 40),
    ];
    expect(names(withoutRepeatedJobs(cells))).toEqual(['ws1', 'ws2', 'adjacent', 'core', 'job']);
  });

  it('compares with the cells that stay: a chain of repeats keeps only its closest', () => {
    const cells = [
      cell('c', 'job', [1, 2, 3, 4], 0.4, 40),
      cell('a', 'job', [1, 2, 3, 4], 0.6, 40),
      cell('b', 'job', [1, 2, 3, 4], 0.5, 40),
    ];
    expect(names(withoutRepeatedJobs(cells))).toEqual(['a']);
  });
});
