import { describe, expect, it } from 'vitest';
import { findCycle, openPrerequisites, type DependencyEdge } from './dependency-graph.ts';

const edges = (...pairs: [number, number][]): DependencyEdge[] =>
  pairs.map(([taskId, prerequisiteTaskId]) => ({ taskId, prerequisiteTaskId }));

describe('findCycle', () => {
  it.each([
    { name: 'no edges, one new prerequisite', existing: edges(), task: 1, prerequisites: [2], cycle: null },
    { name: 'a chain that stays a chain', existing: edges([2, 3], [3, 4]), task: 1, prerequisites: [2], cycle: null },
    { name: 'two tasks needing each other', existing: edges([2, 1]), task: 1, prerequisites: [2], cycle: [1, 2, 1] },
    { name: 'a three-task loop', existing: edges([2, 3], [3, 1]), task: 1, prerequisites: [2], cycle: [1, 2, 3, 1] },
    {
      name: 'a long loop',
      existing: edges([2, 3], [3, 4], [4, 5], [5, 1]),
      task: 1,
      prerequisites: [2],
      cycle: [1, 2, 3, 4, 5, 1],
    },
    { name: 'a diamond is not a cycle', existing: edges([2, 4], [3, 4]), task: 1, prerequisites: [2, 3], cycle: null },
    {
      name: 'the loop through the second prerequisite',
      existing: edges([3, 1]),
      task: 1,
      prerequisites: [2, 3],
      cycle: [1, 3, 1],
    },
    {
      name: 'replacing the edge that closed a loop removes it',
      existing: edges([1, 2], [2, 1]),
      task: 2,
      prerequisites: [],
      cycle: null,
    },
    {
      name: 'a cycle elsewhere is not this change’s',
      existing: edges([5, 6]),
      task: 1,
      prerequisites: [5],
      cycle: null,
    },
  ])('$name', ({ existing, task, prerequisites, cycle }) => {
    expect(findCycle(existing, task, prerequisites)).toEqual(cycle);
  });
});

describe('openPrerequisites', () => {
  it('counts only prerequisites not completed or skipped', () => {
    const statuses = new Map([
      [1, 'not_started'],
      [2, 'completed'],
      [3, 'skipped'],
      [4, 'in_progress'],
    ] as const);
    const open = openPrerequisites(edges([1, 2], [1, 3], [1, 4]), statuses);
    expect(open.get(1)).toEqual([4]);
  });
});
