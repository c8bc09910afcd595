import { describe, expect, it } from 'vitest';
import PREMISES from './words/premises.json' with { type: 'json' };
import { saysFalse } from './plan-check.logic.ts';
import { claimsIn } from './premises.logic.ts';

// The premise word lists: each example makes exactly its claims, each counter-example none.

describe('premises', () => {
  it.each(PREMISES.examples)('"$text" claims $claims', ({ text, claims }) => {
    expect(claimsIn(text).map((c) => c.kind)).toEqual(claims);
  });

  it.each(PREMISES.counterExamples)('"$text" claims nothing ($why)', ({ text }) => {
    expect(claimsIn(text)).toEqual([]);
  });

  it('reads a total of companies as a count, not a figure', () => {
    expect(claimsIn('There are only 2 competitors, right?')).toEqual([{ kind: 'companyCount', value: 2 }]);
    expect(claimsIn('With just three rivals, can I win?')).toEqual([{ kind: 'companyCount', value: 3 }]);
  });

  it.each(PREMISES.rejectionExamples)('"%s" rejects a premise', (text) => {
    expect(saysFalse(text)).toBe(true);
  });

  it.each(PREMISES.rejectionCounterExamples)('"%s" does not reject it', (text) => {
    expect(saysFalse(text)).toBe(false);
  });
});
