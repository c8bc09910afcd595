import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query.ts';

describe('query parsing', () => {
  it('splits the offering from the segment and folds plurals', () => {
    const q = parseQuery('Pet care for elderly owners', []);
    expect(q.groups.map((g) => [g.facet, g.word])).toEqual([
      ['offering', 'pet'],
      ['offering', 'care'],
      ['segment', 'elderly'],
      ['segment', 'owner'],
    ]);
  });

  it('adds WordNet and market synonyms, skipping ones too common to help', () => {
    const q = parseQuery('software for lawyers and families', [], (t) => (t === 'house' ? 0.2 : 0.001));
    const lawyer = q.groups.find((g) => g.word === 'lawyer')!;
    expect(lawyer.synonyms).toContain('attorney');
    expect(lawyer.synonymSources).toContainEqual({ phrase: 'attorney', from: 'wordnet' });
    const family = q.groups.find((g) => g.word === 'family')!;
    expect(family.synonyms).toContain('household');
    expect(family.synonyms).not.toContain('house');
    expect(parseQuery('families', [], () => 0.001).groups[0]!.synonyms).toContain('house');
  });

  it('takes keywords as a third facet and ignores stop words and symbols', () => {
    const q = parseQuery('the best app for 🐶', ['Dog walking']);
    expect(q.groups.map((g) => [g.facet, g.word])).toEqual([
      ['keyword', 'dog'],
      ['keyword', 'walking'],
    ]);
  });

  it('truncates an over-long query with a warning', () => {
    const q = parseQuery('meal planning '.repeat(100), []);
    expect(q.text.length).toBe(500);
    expect(q.warnings[0]).toContain('longer than 500 characters');
  });
});
