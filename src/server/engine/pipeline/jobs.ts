import type { Task } from '../corpus/corpus.types.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import { taskRows } from '../index/vector-sets.ts';
import type { OccupationFit } from './occupation-match.ts';
import { words } from '../text/tokenize.ts';
import { taskPhrase } from '../text/task-phrase.ts';
import type { ParsedQuery } from './parse-query.ts';
import { dot, FORM_WORDS, type QueryVectors } from './query-vectors.ts';

// Jobs to be done, from evidence: the O*NET task statements of the occupations the query cites,
// ranked by how close each is to the query's meaning. A job becomes an opportunity's definition
// ("Scheduling and confirming patient appointments for dental practices").

export type Job = {
  task: Task;
  occupation: OccupationFit;
  /** Row of the task in the tasks vector set. */
  row: number;
  fit: number;
  /**
   * How close the task is to the job the product does, the query's form words left out ("front desk",
   * not "front desk automation") or the worker's title: the part of `fit` that says which chore to
   * build for first. The whole query also pulls in tasks that merely sound like its form (computers,
   * data entry).
   */
  jobFit: number;
  /**
   * How close the task is to the whole query: at SAME_NEED or above, the task restates the query's own
   * need ("Conduct reference or background checks on job applicants" for "background checks on new
   * hires"): it is evidence of the core opportunity, not another one.
   */
  needFit: number;
  /** The task as a gerund phrase, short enough for a title. */
  phrase: string;
};

export const SAME_NEED = 0.7;
/**
 * Bodily work (scrubbing, loading, driving) is a job only when the query asks for that work itself
 * ("robots that pull weeds"): a task that close to the job the product does. Software never does it.
 */
export const BODILY_JOB_FIT = 0.55;

export const JOB_BAR = 0.38;
const MAX_JOBS = 5;
const SAME_JOB = 0.8;

const rowsCache = new WeakMap<EngineIndex, ReturnType<typeof taskRows>>();
export function tasksOf(index: EngineIndex): ReturnType<typeof taskRows> {
  let rows = rowsCache.get(index);
  if (!rows) {
    rows = taskRows(index.corpus);
    rowsCache.set(index, rows);
  }
  return rows;
}

/**
 * O*NET generalized work activities of bodily work: general physical activities, handling and moving
 * objects, operating vehicles or mechanized devices, repairing mechanical equipment. (Controlling
 * machines and processes is not among them: software does that.)
 */
const BODILY_WORK = ['4.A.3.a.1.', '4.A.3.a.2.', '4.A.3.a.4.', '4.A.3.b.4.'];

/**
 * Whether every detailed work activity (O*NET DWA ids) of a task is bodily work: scrubbing a car, not
 * booking its wash. A task with no activity on record is not judged.
 */
export function isBodilyWork(activities: readonly string[]): boolean {
  return activities.length > 0 && activities.every((id) => BODILY_WORK.some((prefix) => id.startsWith(prefix)));
}

/**
 * Whether a task can be one of the product's jobs: bodily work only when the product is not software and
 * the task is as close to the job the product does (`onJob`) as BODILY_JOB_FIT.
 */
export function canBeJob(activities: readonly string[], software: boolean, onJob: number): boolean {
  return !isBodilyWork(activities) || (!software && onJob >= BODILY_JOB_FIT);
}

/** Whether the query's offering says it is software ("software for car washes", "an app that…"). */
export function offersSoftware(query: Pick<ParsedQuery, 'offeringText'>): boolean {
  return words(query.offeringText).some((w) => FORM_WORDS.has(w));
}

export function findJobs(
  index: EngineIndex,
  vectors: QueryVectors | null,
  occupations: OccupationFit[],
  query: Pick<ParsedQuery, 'offeringText'> | null = null,
): Job[] {
  const sets = index.semantic.sets;
  if (!vectors || !sets || occupations.length === 0) return [];
  // Software does not do bodily work: its jobs are among the workers' other tasks.
  const software = query !== null && offersSoftware(query);
  // The workers' tasks are the product's jobs; with no worker cited, the customers' own tasks.
  const workers = occupations.filter((o) => o.role === 'worker');
  const source = workers.length > 0 ? workers : occupations;
  const byId = new Map(source.map((o) => [o.id, o]));
  const rows = tasksOf(index);
  const dims = sets.tasks.dimensions;
  const focus = vectors.job ?? vectors.full;
  const title = vectors.workerTitle;
  const scored: { row: number; fit: number; onJob: number; whole: number }[] = [];
  rows.forEach((r, row) => {
    if (!byId.has(r.occupation)) return;
    const onJob = Math.max(
      dot(focus, sets.tasks.vectors, row * dims),
      title ? dot(title, sets.tasks.vectors, row * dims) : -1,
    );
    if (!canBeJob(index.corpus.market?.activities.byTask.get(r.task.taskId) ?? [], software, onJob)) return;
    const whole = dot(vectors.full, sets.tasks.vectors, row * dims);
    const fit = 0.5 * whole + 0.5 * onJob;
    if (fit >= JOB_BAR) scored.push({ row, fit, onJob, whole });
  });
  scored.sort((a, b) => b.fit - a.fit || a.row - b.row);
  const chosen: Job[] = [];
  for (const { row, fit, onJob, whole } of scored) {
    if (chosen.length >= MAX_JOBS) break;
    const v = sets.tasks.vectors.subarray(row * dims, (row + 1) * dims);
    if (chosen.some((j) => dot(v, sets.tasks.vectors, j.row * dims) >= SAME_JOB)) continue;
    const r = rows[row]!;
    chosen.push({
      task: r.task,
      occupation: byId.get(r.occupation)!,
      row,
      fit: Math.round(fit * 1000) / 1000,
      jobFit: Math.round(onJob * 1000) / 1000,
      needFit: Math.round(whole * 1000) / 1000,
      phrase: taskPhrase(r.task.text),
    });
  }
  return chosen;
}
