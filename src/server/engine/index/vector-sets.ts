import { createHash } from 'node:crypto';
import type { Company, Corpus, Occupation, Task } from '../corpus/corpus.types.ts';

// What the sentence model embeds. Four sets, each a list of texts with the corpus row it belongs to:
// companies by their headline (name, one-liner, tags) and by their long description (Gusto's
// one-liner does not say payroll; its description does), occupations by title and description,
// every title people report for an occupation ("front desk receptionist", "dental
// receptionist") as a row of its own, and every O*NET task statement (the jobs to be done).

export const VECTOR_SETS = ['companies', 'descriptions', 'occupations', 'titles', 'tasks'] as const;
export type VectorSetName = (typeof VECTOR_SETS)[number];

export const EMBEDDING_MODEL_ID = 'use-lite-en-0.2.0';
/** The model's vector length: a cache file must hold exactly rows × this many floats. */
export const EMBEDDING_DIMENSIONS = 512;

export type VectorSetTexts = { texts: string[]; owners: Int32Array };

export type VectorSet = {
  /** Row-major unit vectors. */
  vectors: Float32Array;
  dimensions: number;
  /** The company or occupation id each row belongs to. */
  owners: Int32Array;
  rows: number;
};

const DESCRIPTION_CHARS = 300;
const MAX_TITLES_PER_OCCUPATION = 25;

export function companyHeadline(c: Company): string {
  const tags = c.tags.length > 0 ? ` ${c.tags.join(', ')}.` : '';
  return `${c.name}: ${c.oneLiner || c.subindustry || c.industry || c.name}.${tags}`;
}

/** The first sentences of the long description, cut at a sentence end near DESCRIPTION_CHARS. */
export function descriptionLead(c: Company): string {
  const text = c.description.replace(/\s+/g, ' ').trim();
  if (text.length === 0) return companyHeadline(c);
  if (text.length <= DESCRIPTION_CHARS) return text;
  const cut = text.slice(0, DESCRIPTION_CHARS);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return end > DESCRIPTION_CHARS / 3 ? cut.slice(0, end + 1) : cut;
}

export function occupationText(o: Occupation): string {
  return `${o.title}. ${o.description}`;
}

/** The occupation's own title first, then its reported titles (deduplicated, case-insensitively). */
export function occupationTitles(o: Occupation): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of [o.title, ...o.altTitles]) {
    const clean = t.replace(/\s+/g, ' ').trim();
    const key = clean.toLowerCase();
    if (clean.length === 0 || seen.has(key)) continue;
    seen.add(key);
    out.push(clean);
    if (out.length >= MAX_TITLES_PER_OCCUPATION) break;
  }
  return out;
}

/** Every task, in occupation order: row r of the tasks set is taskRows(corpus)[r]. */
export function taskRows(corpus: Corpus): { task: Task; occupation: number }[] {
  return corpus.occupations.flatMap((o, occupation) =>
    (corpus.tasksBySoc.get(o.soc) ?? []).filter((t) => t.text.trim().length > 0).map((task) => ({ task, occupation })),
  );
}

function rows<T>(items: T[], text: (item: T) => string[]): VectorSetTexts {
  const texts: string[] = [];
  const owners: number[] = [];
  items.forEach((item, id) => {
    for (const t of text(item)) {
      // The model rejects empty input: every row has text.
      if (t.trim().length === 0) continue;
      texts.push(t);
      owners.push(id);
    }
  });
  return { texts, owners: Int32Array.from(owners) };
}

export function vectorSetTexts(corpus: Corpus, name: VectorSetName): VectorSetTexts {
  switch (name) {
    case 'companies':
      return rows(corpus.companies, (c) => [companyHeadline(c)]);
    case 'descriptions':
      return rows(corpus.companies, (c) => [descriptionLead(c)]);
    case 'occupations':
      return rows(corpus.occupations, (o) => [occupationText(o)]);
    case 'titles':
      return rows(corpus.occupations, occupationTitles);
    case 'tasks': {
      const all = taskRows(corpus);
      return { texts: all.map((r) => r.task.text), owners: Int32Array.from(all.map((r) => r.occupation)) };
    }
  }
}

/** Names the cache file: a change to the model or to a single text gives a new file. */
export function vectorSetKey(name: VectorSetName, texts: readonly string[]): string {
  const hash = createHash('sha256').update(EMBEDDING_MODEL_ID);
  for (const t of texts) hash.update(t).update('\u0000');
  return `vectors-${EMBEDDING_MODEL_ID}-${name}-${hash.digest('hex').slice(0, 16)}.f32`;
}
