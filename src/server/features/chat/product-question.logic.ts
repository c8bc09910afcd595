import { hasPhrase } from './phrase-match.logic.ts';
import PRODUCT from './words/product-questions.json' with { type: 'json' };

// Is a question about Unbuilt itself (plans, cancelling, exports…) rather than the analysed market?
// The rule and its word lists are data (words/product-questions.json, with examples and counter-examples).

export function isProductQuestion(question: string): boolean {
  if (hasPhrase(question, PRODUCT.names)) return true;
  return hasPhrase(question, PRODUCT.voice) && hasPhrase(question, PRODUCT.actions);
}
