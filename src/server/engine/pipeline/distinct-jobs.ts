// Job opportunities that say nothing apart: two O*NET tasks of one occupation whose cells list nearly the
// same competitors and score within a couple of points are one opportunity told twice ("Studying
// preliminary reports …" and "Directing … treatment …", both served by the same two companies). Only the
// task closer to the query stays; a founder reads distinct opportunities, and the ranking among those
// that are left says something.

/** Share of their listed competitors two job cells must share (Jaccard) to be one opportunity. */
export const SAME_COMPETITORS = 0.75;
/** Scores this close are the same score: the eval's flat-ranking margin. */
export const SAME_SCORE = 2;

type JobLike = {
  cell: { kind: string; members: readonly { id: number }[]; definitionFit: number };
  scores: { opportunityScore: number };
};

function jaccard(a: readonly { id: number }[], b: readonly { id: number }[]): number {
  const left = new Set(a.map((m) => m.id));
  const right = new Set(b.map((m) => m.id));
  let shared = 0;
  for (const id of left) if (right.has(id)) shared++;
  return shared / (left.size + right.size - shared);
}

/**
 * The cells without the job cells that repeat a closer job cell: the same competitors (at least
 * SAME_COMPETITORS of them) and a score within SAME_SCORE. A job cell with no competitor is never a
 * repeat (white space is a claim of its own); the core and adjacent cells are kept as they are.
 */
export function withoutRepeatedJobs<T extends JobLike>(cells: readonly T[]): T[] {
  const jobs = cells
    .filter((c) => c.cell.kind === 'job' && c.cell.members.length > 0)
    .sort((a, b) => b.cell.definitionFit - a.cell.definitionFit);
  const repeated = new Set<T>();
  for (const [i, job] of jobs.entries())
    if (
      jobs
        .slice(0, i)
        .some(
          (closer) =>
            !repeated.has(closer) &&
            jaccard(closer.cell.members, job.cell.members) >= SAME_COMPETITORS &&
            Math.abs(closer.scores.opportunityScore - job.scores.opportunityScore) <= SAME_SCORE,
        )
    )
      repeated.add(job);
  return cells.filter((c) => !repeated.has(c));
}
