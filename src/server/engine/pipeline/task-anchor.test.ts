import { describe, expect, it } from 'vitest';
import type { Occupation, Task } from '../corpus/corpus.types.ts';
import { parseQuery } from './parse-query.ts';
import { RARE_TASK_SHARE, taskAnchored } from './task-anchor.ts';

// Task statements copied from O*NET 29.x; enough unrelated tasks that a word of one task is as rare as in
// the whole file (about 18,000 statements).

const occupation = (soc: string, title: string): Occupation => ({
  soc,
  title,
  description: '',
  altTitles: [],
  source: 'onet',
});
const task = (soc: string, text: string, i: number): Task => ({
  soc,
  taskId: String(i),
  text,
  date: null,
  source: 'onet',
});

const OCCUPATIONS = [
  occupation('13-1071.00', 'Human Resources Specialists'),
  occupation('29-1021.00', 'Dentists, General'),
  occupation('99-0000.00', 'Filler'),
];
const TASKS: Task[] = [
  task('13-1071.00', 'Conduct reference or background checks on job applicants.', 1),
  task('13-1071.00', 'Hire employees and process hiring-related paperwork.', 2),
  task('29-1021.00', 'Examine teeth, gums, and related tissues, using dental instruments.', 3),
  task('29-1021.00', 'Advise or instruct patients regarding preventive dental care.', 4),
];
const FILLER = Math.ceil(1 / RARE_TASK_SHARE) * 2;
for (let i = 0; i < FILLER; i++)
  TASKS.push(task('99-0000.00', `Review records and prepare reports for customers, batch ${i.toString(36)}.`, 100 + i));
const corpus = {
  occupations: OCCUPATIONS,
  tasksBySoc: new Map(OCCUPATIONS.map((o) => [o.soc, TASKS.filter((t) => t.soc === o.soc)])),
};
const anchoredTitles = (query: string): string[] =>
  [...taskAnchored(corpus, parseQuery(query, []))].map((o) => OCCUPATIONS[o]!.title);

describe('occupations confirmed by their own tasks', () => {
  it('confirms an occupation whose task says two of the query words, one rare among tasks', () => {
    // No title says "background" or "check"; the task does.
    expect(anchoredTitles('running background checks on new hires')).toEqual(['Human Resources Specialists']);
    expect(anchoredTitles('an app that reminds patients about preventive dental care')).toEqual(['Dentists, General']);
  });

  it('needs two words in one task: one shared word is a coincidence', () => {
    expect(anchoredTitles('background music for cafes')).toEqual([]);
    // "checks" and "hiring" are both said by the specialists, but in different tasks.
    expect(anchoredTitles('cashing checks and hiring drivers')).toEqual([]);
  });

  it('needs a rare word: two words every kind of work says confirm nothing', () => {
    expect(anchoredTitles('review records and reports for customers')).toEqual([]);
  });
});
