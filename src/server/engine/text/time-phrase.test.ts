import { describe, expect, it } from 'vitest';
import TIME_PHRASES from './time-phrases.json' with { type: 'json' };
import { startsWithTimePhrase } from './time-phrase.ts';

describe('time phrases (text/time-phrases.json)', () => {
  it.each(TIME_PHRASES.examples)('reads "$phrase" in "$text" as a time ($why)', ({ text, phrase }) => {
    expect(text.toLowerCase()).toContain(phrase);
    expect(startsWithTimePhrase(phrase)).toBe(true);
  });

  it.each(TIME_PHRASES.counterExamples)('reads "$phrase" in "$text" as who it is for ($why)', ({ text, phrase }) => {
    expect(text.toLowerCase()).toContain(phrase);
    expect(startsWithTimePhrase(phrase)).toBe(false);
  });

  it('needs a unit: quantity words alone, or nothing, are not a time', () => {
    expect(startsWithTimePhrase('')).toBe(false);
    expect(startsWithTimePhrase('the next')).toBe(false);
    expect(startsWithTimePhrase('two, then more')).toBe(false);
  });

  it('holds lower-case single words, each once', () => {
    for (const list of [TIME_PHRASES.units, TIME_PHRASES.quantities]) {
      for (const w of list) expect(w).toMatch(/^[a-z]+$/);
      expect(new Set(list).size).toBe(list.length);
    }
  });
});
