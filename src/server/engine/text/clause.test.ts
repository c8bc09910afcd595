import { describe, expect, it } from 'vitest';
import { parseQuery } from '../pipeline/parse-query.ts';
import CLAUSE_WORDS from './clause-words.json' with { type: 'json' };
import { firstSentence, isClause } from './clause.ts';

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

  it('reads no segment when what follows the marker is a clause, judged on its first sentence only', () => {
    expect(parseQuery('our three clubs in town have lines every weekend', []).segmentText).toBeNull();
    expect(parseQuery('recruiting for our bank: we hire 60 analysts a year', []).segmentText).toBe(
      'our bank: we hire 60 analysts a year',
    );
  });

  it('ends a first sentence at . : ; ! ? before a space or the end, not inside a word', () => {
    expect(firstSentence('our tutoring company. we need chat')).toBe('our tutoring company');
    expect(firstSentence('our bank: we hire')).toBe('our bank');
    expect(firstSentence('v2.5 of our api?')).toBe('v2.5 of our api');
    expect(firstSentence('. nothing before')).toBe('. nothing before');
  });

  it('holds lower-case words, each in one list only', () => {
    const all = [...CLAUSE_WORDS.subjects, ...CLAUSE_WORDS.verbs, ...CLAUSE_WORDS.relatives];
    for (const w of all) expect(w).toMatch(/^[a-z']+$/);
    expect(new Set(all).size).toBe(all.length);
  });
});
