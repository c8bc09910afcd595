import { describe, expect, it } from 'vitest';
import { verbInflections } from './wordnet.ts';

describe('verbInflections: the other regular forms of a verb WordNet knows', () => {
  it.each([
    // -ing and -ed back to the verb, whichever spelling rule made them
    ['scheduling', ['schedule', 'scheduled']],
    ['invoicing', ['invoice', 'invoiced']],
    ['booking', ['book', 'booked']],
    ['shipped', ['ship', 'shipping']],
    ['planning', ['plan', 'planned']],
    ['applied', ['apply', 'applying']],
    ['tracking', ['track', 'tracked']],
    // the verb forward to its forms
    ['schedule', ['scheduling', 'scheduled']],
    ['ship', ['shipping', 'shipped']],
    ['apply', ['applying', 'applied']],
    ['hire', ['hiring', 'hired']],
  ])('%s → %j', (word, forms) => {
    expect(verbInflections(word).sort()).toEqual([...forms].sort());
  });

  it.each(['thing', 'pudding', 'sibling', 'hundred', 'embedded', 'red', 'xylophone', 'saas'])(
    '%s is no regular form of a verb: none',
    (word) => {
      expect(verbInflections(word)).toEqual([]);
    },
  );

  it('does not take a doubled consonant for an undoubled verb ("stuffing" is stuff, not "stuf")', () => {
    expect(verbInflections('stuffing')).toContain('stuff');
    expect(verbInflections('stuffing')).not.toContain('stuf');
  });

  it('reads case-insensitively and never returns the word itself', () => {
    expect(verbInflections('Scheduling')).toEqual(expect.arrayContaining(['schedule']));
    expect(verbInflections('schedule')).not.toContain('schedule');
  });
});
