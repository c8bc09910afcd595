import type { Corpus } from '../corpus/corpus.types.ts';
import { contentWords } from '../text/tokenize.ts';
import type { ParsedQuery } from './parse-query.ts';
import { FORM_WORDS } from './query-vectors.ts';

// Words confirm what meaning proposes: besides a shared title word, an occupation is confirmed when one
// of its own O*NET task statements says two of the query's words, one of them rare among all tasks
// ("running background checks on new hires": human resources specialists "Conduct reference or
// background checks on job applicants", though no title of theirs says "background" or "check").

/** A word in at most this share of all task statements is specific enough to anchor a job. */
export const RARE_TASK_SHARE = 0.01;
const MIN_SHARED = 2;

type TaskTerms = { byOccupation: Set<string>[][]; share: Map<string, number> };
type TaskCorpus = Pick<Corpus, 'occupations' | 'tasksBySoc'>;
const cache = new WeakMap<TaskCorpus, TaskTerms>();

function taskTerms(corpus: TaskCorpus): TaskTerms {
  let terms = cache.get(corpus);
  if (!terms) {
    const counts = new Map<string, number>();
    let total = 0;
    const byOccupation = corpus.occupations.map((o) =>
      (corpus.tasksBySoc.get(o.soc) ?? []).map((t) => {
        const set = new Set(contentWords(t.text));
        total++;
        for (const w of set) counts.set(w, (counts.get(w) ?? 0) + 1);
        return set;
      }),
    );
    const n = Math.max(1, total);
    terms = { byOccupation, share: new Map([...counts].map(([w, c]) => [w, c / n])) };
    cache.set(corpus, terms);
  }
  return terms;
}

/** The occupations one of whose tasks says two of the query's own words, one of them rare among tasks. */
export function taskAnchored(corpus: TaskCorpus, query: ParsedQuery): Set<number> {
  const { byOccupation, share } = taskTerms(corpus);
  const asked = [...new Set(query.groups.filter((g) => g.facet !== 'keyword').map((g) => g.word))].filter(
    (w) => !FORM_WORDS.has(w) && (share.get(w) ?? 0) > 0,
  );
  const anchored = new Set<number>();
  if (asked.length < MIN_SHARED) return anchored;
  byOccupation.forEach((tasks, o) => {
    for (const task of tasks) {
      const said = asked.filter((w) => task.has(w));
      if (said.length >= MIN_SHARED && said.some((w) => share.get(w)! <= RARE_TASK_SHARE)) {
        anchored.add(o);
        return;
      }
    }
  });
  return anchored;
}
