import { describe, expect, it } from 'vitest';
import { contentWords, words } from './tokenize.ts';

describe('words', () => {
  it('undoes contractions instead of leaving fragments that read as content words', () => {
    expect(words("we've called every 3PL")).toEqual(['we', 'called', 'every', '3pl']);
    expect(words("I'm moving and we're stuck, it doesn't work")).toEqual([
      'i',
      'moving',
      'and',
      'we',
      'stuck',
      'it',
      'does',
      'not',
      'work',
    ]);
    expect(words('we can’t and they won’t, you’ll see, I’d rather not')).toEqual([
      'we',
      'can',
      'not',
      'and',
      'they',
      'will',
      'not',
      'you',
      'see',
      'i',
      'rather',
      'not',
    ]);
    expect(contentWords("I haven't found a dentist who's open on Sundays")).toEqual([
      'found',
      'dentist',
      'open',
      'sunday',
    ]);
  });

  it('keeps apostrophes that are not contractions as word breaks, and possessives drop their s', () => {
    expect(words("the company's books")).toEqual(['the', 'company', 's', 'books']);
    expect(contentWords("the company's books")).toEqual(['book']);
    expect(words("rock 'n' roll")).toEqual(['rock', 'n', 'roll']);
  });
});
