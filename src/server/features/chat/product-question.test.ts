import { describe, expect, it } from 'vitest';
import PRODUCT from './words/product-questions.json' with { type: 'json' };
import { isProductQuestion } from './product-question.logic.ts';

describe('isProductQuestion', () => {
  it.each(PRODUCT.examples)('"$text" is about the product ($why)', ({ text }) => {
    expect(isProductQuestion(text)).toBe(true);
  });

  it.each(PRODUCT.counterExamples)('"$text" is about the market ($why)', ({ text }) => {
    expect(isProductQuestion(text)).toBe(false);
  });
});
