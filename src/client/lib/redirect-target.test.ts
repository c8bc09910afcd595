import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target.ts';

describe('redirectTarget (sign-in returns where the visitor was going)', () => {
  it.each([
    ['?redirectTo=%2Fhistory', '/history'],
    ['?redirectTo=%2Fsearch%2F12%3Ftab%3Devidence', '/search/12?tab=evidence'],
    ['', '/'],
    ['?redirectTo=', '/'],
    ['?redirectTo=https%3A%2F%2Fevil.example%2F', '/'],
    ['?redirectTo=%2F%2Fevil.example', '/'],
    ['?redirectTo=%2F%5Cevil.example', '/'],
    ['?redirectTo=javascript%3Aalert(1)', '/'],
    ['?redirectTo=history', '/'],
  ])('%s → %s', (search, expected) => {
    expect(redirectTarget(search)).toBe(expected);
  });
});
