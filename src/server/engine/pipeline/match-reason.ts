import type { Company } from '../corpus/corpus.types.ts';
import { processTerm, words } from '../text/tokenize.ts';
import type { CompanyMatch } from './company-match.ts';
import type { ParsedQuery } from './parse-query.ts';

// Why a company matched: the sentence of its one-liner or description that carries most of the
// query's words (or its one-liner when it matched by meaning alone), and those words.

export type MatchReason = { sentence: string; words: string[]; by: 'meaning' | 'words' | 'meaning and words' };

const MAX_SENTENCE = 240;

function sentences(company: Company): string[] {
  const out = company.oneLiner ? [company.oneLiner] : [];
  for (const s of company.description.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+/)) if (s.trim()) out.push(s.trim());
  return out;
}

export function matchReason(company: Company, match: CompanyMatch, query: ParsedQuery): MatchReason {
  const wanted = new Map<string, string>();
  for (const g of query.groups) {
    wanted.set(g.word, g.word);
    for (const f of g.forms) if (!wanted.has(f)) wanted.set(f, g.word);
    for (const s of g.synonyms) if (!wanted.has(s)) wanted.set(s, g.word);
  }
  let best = { sentence: company.oneLiner || company.name, words: [] as string[] };
  for (const sentence of sentences(company)) {
    // Each shared word as the company writes it ("chaos", "Texas"), once per processed term.
    const found = new Map<string, string>();
    for (const w of words(sentence)) {
      const t = processTerm(w);
      if (t && wanted.has(t) && !found.has(t)) found.set(t, w);
    }
    if (found.size > best.words.length) best = { sentence, words: [...found.values()] };
  }
  const sentence =
    best.sentence.length > MAX_SENTENCE ? `${best.sentence.slice(0, MAX_SENTENCE - 1).trimEnd()}…` : best.sentence;
  const byMeaning = match.headline > 0 || match.description > 0;
  const by = best.words.length === 0 ? 'meaning' : byMeaning ? 'meaning and words' : 'words';
  return { sentence, words: best.words, by };
}
