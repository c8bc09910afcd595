import { isDone, type TaskStatus } from './action-plans.constants.ts';

// Task dependencies as a graph: an edge task → prerequisite. Pure, so the server enforces it and the
// client shows the same blocked state.

export type DependencyEdge = { taskId: number; prerequisiteTaskId: number };

/**
 * The cycle that giving `taskId` exactly these prerequisites would close, as a path of task ids that
 * starts and ends at the same task (e.g. [1, 2, 3, 1]: 1 needs 2, 2 needs 3, 3 needs 1), or null.
 */
export function findCycle(
  edges: readonly DependencyEdge[],
  taskId: number,
  prerequisiteIds: readonly number[],
): number[] | null {
  const needs = new Map<number, number[]>();
  for (const edge of edges) {
    if (edge.taskId === taskId) continue;
    const list = needs.get(edge.taskId) ?? [];
    list.push(edge.prerequisiteTaskId);
    needs.set(edge.taskId, list);
  }
  needs.set(taskId, [...prerequisiteIds]);
  // Depth-first from the changed task: the graph was acyclic before, so any cycle runs through it.
  const path: number[] = [taskId];
  const onPath = new Set<number>([taskId]);
  const finished = new Set<number>();
  function visit(node: number): number[] | null {
    for (const next of needs.get(node) ?? []) {
      if (next === taskId) return [...path, taskId];
      if (onPath.has(next) || finished.has(next)) continue;
      path.push(next);
      onPath.add(next);
      const found = visit(next);
      if (found) return found;
      path.pop();
      onPath.delete(next);
      finished.add(next);
    }
    return null;
  }
  return visit(taskId);
}

/** Prerequisites of each task that are not completed or skipped yet. */
export function openPrerequisites(
  edges: readonly DependencyEdge[],
  statusOf: ReadonlyMap<number, TaskStatus>,
): Map<number, number[]> {
  const open = new Map<number, number[]>();
  for (const edge of edges) {
    const status = statusOf.get(edge.prerequisiteTaskId);
    if (status === undefined || isDone(status)) continue;
    const list = open.get(edge.taskId) ?? [];
    list.push(edge.prerequisiteTaskId);
    open.set(edge.taskId, list);
  }
  return open;
}
