import { describe, expect, it } from 'vitest';
import { parseQuery } from '../pipeline/parse-query.ts';
import FILLER from './query-filler.json' with { type: 'json' };
import { stem } from './tokenize.ts';

const searched = (text: string): string[] => parseQuery(text, []).groups.map((g) => g.word);

describe('query filler (text/query-filler.json)', () => {
  it.each(FILLER.examples)('leaves $words out of "$text"', ({ text, words }) => {
    for (const w of words) {
      expect(text.toLowerCase()).toContain(w);
      expect(searched(text)).not.toContain(stem(w));
    }
    expect(searched(text).length).toBeGreaterThan(0);
  });

  it.each(FILLER.counterExamples)('searches "$word" in "$text" ($why)', ({ text, word }) => {
    expect(searched(text)).toContain(stem(word));
  });

  it('holds lower-case single words, each once across its groups', () => {
    const all = FILLER.groups.flatMap((g) => g.words);
    for (const w of all) expect(w).toMatch(/^[a-z]+$/);
    expect(new Set(all).size).toBe(all.length);
  });
});
