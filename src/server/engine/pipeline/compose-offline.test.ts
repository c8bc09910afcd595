import { describe, expect, it } from 'vitest';
import { needOf } from './compose-offline.ts';

// How the offline composer names the query's need inside its sentences ("Tornyol … serve <need>").

describe('the need as a sentence names it', () => {
  it("keeps the query's own words when they name a need", () => {
    expect(needOf('Online booking and payments for my hair salon')).toBe(
      'online booking and payments for my hair salon',
    );
    expect(needOf('Photo calorie counter app')).toBe('photo calorie counter app');
  });

  it('refers to a need told as a story or a clause instead of repeating the whole query', () => {
    const story =
      'I own a pest control company in Houston with about 3,000 residential mosquito customers. Is there any non-chemical technology that hunts down the mosquitoes themselves?';
    expect(needOf(story)).toBe('the need this query describes');
    expect(needOf('Our clinic is buried in paperwork')).toBe('the need this query describes');
    // Not a clause, but longer than a name: a list of words the query strings together.
    expect(needOf('mobile release train tool for iOS and Android apps with QA sign-off and phased rollout')).toBe(
      'the need this query describes',
    );
  });
});
