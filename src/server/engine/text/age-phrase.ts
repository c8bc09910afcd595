import AGE_PHRASES from './age-phrases.json' with { type: 'json' };
import { ownValue } from '#shared/app/own-value.ts';

// "my 9 year old", "a 70-year-old man": a person's age names a life stage ("child", "elderly"), which is
// who the need is for; read literally, "year" and "old" would be searched as the need's own words
// (text/age-phrases.json says the rule, with examples and counter-examples).

const UNITS = new Set(AGE_PHRASES.units);
const PERSONS = new Set(AGE_PHRASES.persons);
const CONTINUERS = new Set(AGE_PHRASES.continuers);
const ENDS_CLAUSE = /[,.;:!?)]$/;

const bare = (token: string): string =>
  token
    .toLowerCase()
    .replace(/\u2019/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** A person noun, singular or plural ("twins", "kids"). */
function isPerson(token: string): boolean {
  const word = bare(token);
  return PERSONS.has(word) || (word.endsWith('s') && PERSONS.has(word.slice(0, -1))) || word === 'children';
}

/** The number that starts at tokens[i] (digits, a number word, or tens and units as two words) and its length. */
function numberAt(tokens: readonly string[], i: number): { value: number; length: number } | null {
  const first = bare(tokens[i] ?? '');
  if (/^\d{1,3}$/.test(first) && !ENDS_CLAUSE.test(tokens[i]!)) return { value: Number(first), length: 1 };
  const value = ownValue(AGE_PHRASES.numbers as Record<string, number>, first);
  if (value === undefined || ENDS_CLAUSE.test(tokens[i]!)) return null;
  const next = ownValue(AGE_PHRASES.numbers as Record<string, number>, bare(tokens[i + 1] ?? ''));
  if (value >= 20 && value % 10 === 0 && next !== undefined && next < 10 && !ENDS_CLAUSE.test(tokens[i + 1]!))
    return { value: value + next, length: 2 };
  return { value, length: 1 };
}

/** The life stage's word for an age, or null for an adult. */
export function lifeStage(age: number): string | null {
  return AGE_PHRASES.stages.find((s) => age <= s.upTo)?.word ?? null;
}

/**
 * The text with each person's age ("my 13 year old", "a 90-year-old woman") replaced by its life stage's
 * word ("my teenager", "a elderly woman"; an adult's age is dropped), and the stages found.
 */
export function withLifeStages(text: string): { text: string; stages: string[] } {
  const tokens = text
    .replace(/(\p{L}+|\d+)-(years?|yrs?)-old\b/giu, '$1 $2 old')
    .split(/\s+/)
    .filter(Boolean);
  const out: string[] = [];
  const stages: string[] = [];
  let read = false;
  for (let i = 0; i < tokens.length; i++) {
    const number = numberAt(tokens, i);
    const unit = number ? i + number.length : -1;
    const old = unit + 1;
    if (
      !number ||
      !UNITS.has(bare(tokens[unit] ?? '')) ||
      ENDS_CLAUSE.test(tokens[unit]!) ||
      bare(tokens[old] ?? '') !== 'old'
    ) {
      out.push(tokens[i]!);
      continue;
    }
    const after = tokens[old + 1];
    const person =
      ENDS_CLAUSE.test(tokens[old]!) || after === undefined || isPerson(after) || CONTINUERS.has(bare(after));
    if (!person) {
      out.push(tokens[i]!);
      continue;
    }
    read = true;
    const stage = lifeStage(number.value);
    const punctuation = ENDS_CLAUSE.test(tokens[old]!) ? tokens[old]!.slice(-1) : '';
    if (stage) {
      stages.push(stage);
      out.push(`${stage}${punctuation}`);
    } else if (punctuation && out.length > 0) out[out.length - 1] += punctuation;
    i = old;
  }
  return read ? { text: out.join(' '), stages } : { text, stages };
}
