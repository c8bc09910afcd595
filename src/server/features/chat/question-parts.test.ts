import { describe, expect, it } from 'vitest';
import PARTS from './words/question-parts.json' with { type: 'json' };
import { questionParts } from './question-parts.logic.ts';

// The splitter's data file: every example splits into exactly its parts, every counter-example stays whole.

describe('questionParts', () => {
  it.each(PARTS.examples)('splits "$text"', ({ text, parts }) => {
    expect(questionParts(text)).toEqual(parts);
  });

  it.each(PARTS.counterExamples)('keeps "$text" whole ($why)', ({ text }) => {
    expect(questionParts(text)).toHaveLength(1);
  });
});
