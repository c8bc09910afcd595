import { describe, expect, it } from 'vitest';
import { parseQuery } from '../pipeline/parse-query.ts';
import CLAUSE_WORDS from './clause-words.json' with { type: 'json' };
import { isClause } from './clause.ts';

describe('clauses before a segment marker (text/clause-words.json)', () => {
  it.each(CLAUSE_WORDS.examples)('reads no segment in "$text" ($why)', ({ text }) => {
    const parsed = parseQuery(text, []);
    expect(parsed.segmentText).toBeNull();
    expect(parsed.offeringText).toBe(text.toLowerCase());
  });

  it.each(CLAUSE_WORDS.counterExamples)('reads "$segment" as the segment of "$text" ($why)', ({ text, segment }) => {
    expect(parseQuery(text, []).segmentText).toBe(segment);
  });

  it('reads a finite word only before any relative word, and curly apostrophes as straight ones', () => {
    expect(isClause('we’re a small winery')).toBe(true);
    expect(isClause('a tool that we can share')).toBe(false);
    expect(isClause('Is there')).toBe(true);
    expect(isClause('software, gently used')).toBe(false);
  });

  it('holds lower-case words, each in one list only', () => {
    const all = [...CLAUSE_WORDS.subjects, ...CLAUSE_WORDS.verbs, ...CLAUSE_WORDS.relatives];
    for (const w of all) expect(w).toMatch(/^[a-z']+$/);
    expect(new Set(all).size).toBe(all.length);
  });
});
