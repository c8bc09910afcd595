import { describe, expect, it } from 'vitest';
import AGE_PHRASES from './age-phrases.json' with { type: 'json' };
import { lifeStage, withLifeStages } from './age-phrase.ts';

describe('ages of people (text/age-phrases.json)', () => {
  it.each(AGE_PHRASES.examples)('reads "$text" as "$reads" ($why)', ({ text, reads }) => {
    expect(withLifeStages(text).text).toBe(reads);
  });

  it.each(AGE_PHRASES.counterExamples)('leaves "$text" as written ($why)', ({ text }) => {
    expect(withLifeStages(text)).toEqual({ text, stages: [] });
  });

  it('names the stages it found, in order', () => {
    expect(withLifeStages('my 4 year old and my 15 year old can share one tablet').stages).toEqual([
      'child',
      'teenager',
    ]);
  });

  it('misses an age followed by a verb rather than guess (a thing could follow)', () => {
    expect(withLifeStages('my 15 year old spends too much').stages).toEqual([]);
  });

  it('maps ages to stages at their bounds', () => {
    expect([0, 2, 3, 12, 13, 19, 20, 64, 65, 104].map(lifeStage)).toEqual([
      'baby',
      'baby',
      'child',
      'child',
      'teenager',
      'teenager',
      null,
      null,
      'elderly',
      'elderly',
    ]);
  });

  it('needs a number, a unit and "old" together', () => {
    for (const text of ['old year', 'year old wine', 'a 15 year plan', '15 old', 'many years old']) {
      expect(withLifeStages(text).stages).toEqual([]);
    }
  });

  it('holds lower-case single words, each once', () => {
    for (const list of [AGE_PHRASES.units, AGE_PHRASES.persons, Object.keys(AGE_PHRASES.numbers)]) {
      for (const w of list) expect(w).toMatch(/^[a-z]+$/);
      expect(new Set(list).size).toBe(list.length);
    }
  });
});
