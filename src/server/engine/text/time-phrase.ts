import TIME_PHRASES from './time-phrases.json' with { type: 'json' };
import { contentWords } from './tokenize.ts';

// "waiting for three weeks", "a sitter for Friday night": after a segment marker, a time complement
// says how long, when or how often, not who the need is for (text/time-phrases.json says the rule).

const UNITS = new Set(TIME_PHRASES.units);
const QUANTITIES = new Set(TIME_PHRASES.quantities);
const NUMBER = /^\d+(?:[.,]\d+)?$/;
const ENDS_CLAUSE = /[,.;:!?)]$/;

const bare = (token: string): string => token.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** Whether `text` (what follows "for", "in" or "within") opens with a time complement. */
export function startsWithTimePhrase(text: string): boolean {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  let i = 0;
  while (i < tokens.length && (QUANTITIES.has(bare(tokens[i]!)) || NUMBER.test(bare(tokens[i]!)))) {
    if (ENDS_CLAUSE.test(tokens[i]!)) return false;
    i++;
  }
  let units = 0;
  while (i < tokens.length && UNITS.has(bare(tokens[i]!))) {
    units++;
    if (ENDS_CLAUSE.test(tokens[i++]!)) return true;
  }
  if (units === 0) return false;
  // A content word right after the units is what they modify ("weekend events"): a customer.
  return i === tokens.length || contentWords(tokens[i]!).length === 0;
}
