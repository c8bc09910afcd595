import { describe, expect, it } from 'vitest';
import NEED_WORDS from '../text/need-words.json' with { type: 'json' };
import { AGREEMENT, agreement, saysNeed, wordsKnown } from './abstain.ts';

describe('need words (text/need-words.json)', () => {
  it.each(NEED_WORDS.examples)('hears a need in "$text" ($why)', ({ text }) => {
    expect(saysNeed(text)).toBe(true);
  });

  it.each(NEED_WORDS.counterExamples)('hears none in "$text" ($why)', ({ text }) => {
    expect(saysNeed(text)).toBe(false);
  });

  it('reads contractions with either apostrophe, and whole words only', () => {
    expect(saysNeed('we can’t find staff')).toBe(true);
    expect(saysNeed("we can't find staff")).toBe(true);
    // "needle" and "helpful" are not "need" and "help".
    expect(saysNeed('a needle in a haystack')).toBe(false);
    expect(saysNeed('the staff were helpful')).toBe(false);
  });

  it('holds lower-case single words, each once', () => {
    for (const w of NEED_WORDS.words) expect(w).toMatch(/^[a-z']+$/);
    expect(new Set(NEED_WORDS.words).size).toBe(NEED_WORDS.words.length);
  });
});

describe('agreement of words and meaning in one company', () => {
  it('is the lesser share of the two bars, so one strong signal alone does not carry', () => {
    // Every word matched but far in meaning (a word shared by chance): no agreement.
    expect(agreement({ words: 1, headline: 0.3, description: 0.2 })).toBeCloseTo(0.5);
    // Near in meaning but no word in common (gibberish near the directory's average): none either.
    expect(agreement({ words: 0, headline: 0.58, description: 0.5 })).toBe(0);
    // Most of the way on both: a long query whose best company says part of it in its words and all of it in meaning.
    expect(agreement({ words: 0.28, headline: 0.5, description: 0.56 })).toBeGreaterThanOrEqual(AGREEMENT);
  });
});

describe('words the directory never uses', () => {
  const groups = (text: string): { word: string }[] => text.split(' ').map((word) => ({ word }));
  const directory = new Set('fly home christmas pay upfront flight ticket instalments month family need'.split(' '));
  const df = (w: string): number => (directory.has(w) ? 1 : 0);

  it('make a short query a coincidence: one unknown word in three or four is too many', () => {
    expect(wordsKnown(groups('blorptastic zorgle flight'), df)).toBe(false);
    expect(wordsKnown(groups('fly home zorgle month'), df)).toBe(false);
  });

  it('do not undo a long story over one name in it', () => {
    expect(wordsKnown(groups('need fly home lagos christmas pay upfront flight ticket instalments month'), df)).toBe(
      true,
    );
    expect(wordsKnown(groups('need fly home christmas'), df)).toBe(true);
    expect(wordsKnown([], df)).toBe(true);
  });
});
