import { processTerm } from './tokenize.ts';
import VARIANTS from './spelling-variants.json' with { type: 'json' };
import { isDictionaryWord, senseLemmas } from './wordnet.ts';

// A query word the directory never writes is read in the spelling the directory uses, when one is
// clear: a British spelling as the American one WordNet lists beside it, when a known British /
// American change turns the one into the other (text/spelling-variants.json: "licence" → "license",
// "organising" → "organizing"), or a typing slip one edit away from a word many companies write
// ("shiping" → "shipping"), or two words run together ("carwash"). Otherwise the word would match nothing, weigh most in the word match as
// the rarest word, and can make the engine abstain on a market it covers. Each change is told to the
// user. Examples and counter-examples: text/spelling.test.ts.

export type Respelling = { from: string; to: string; kind: 'plural' | 'variant' | 'typo' | 'compound' };

/** A spelling variant replaces the typed word when the directory writes it this many times as often. */
const VARIANT_MAJORITY = 3;
/** Shorter words have too many neighbours one edit away to guess which was meant. */
const MIN_TYPO_LENGTH = 5;
/** A typo is corrected only to a word about one company in a thousand writes, not to a rarity. */
const MIN_TYPO_TARGET_SHARE = 0.001;

type Change = { at: number; from: string; to: string };

/** The British / American change (text/spelling-variants.json), made once, that turns `a` into `b`, or null. */
export function spellingChange(a: string, b: string): Change | null {
  for (const { from, to } of VARIANTS.alternations) {
    for (let at = a.indexOf(from); at >= 0; at = a.indexOf(from, at + 1))
      if (a.slice(0, at) + to + a.slice(at + from.length) === b) return { at, from, to };
  }
  return null;
}

/** The same change made to `word`, an inflection of the base it was found on ("organising" → "organizing"). */
function carryOver(word: string, change: Change): string | null {
  const { at, from, to } = change;
  return word.slice(at, at + from.length) === from ? word.slice(0, at) + to + word.slice(at + from.length) : null;
}

function variantOf(word: string, known: (term: string) => boolean): string | null {
  for (const { base, lemma } of senseLemmas(word)) {
    const change = spellingChange(base, lemma);
    const respelled = change ? carryOver(word, change) : null;
    const term = respelled ? processTerm(respelled) : null;
    if (term && term !== word && known(term)) return term;
  }
  return null;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function oneEditAway(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1]! + tail[0]! + tail.slice(2));
    for (const c of LETTERS) {
      out.add(head + c + tail);
      if (tail) out.add(head + c + tail.slice(1));
    }
  }
  out.delete(word);
  return [...out];
}

function typoOf(word: string, share: (term: string) => number): string | null {
  if (word.length < MIN_TYPO_LENGTH || !/^[a-z]+$/.test(word) || isDictionaryWord(word)) return null;
  let best: { term: string; share: number } | null = null;
  for (const candidate of oneEditAway(word)) {
    const term = processTerm(candidate);
    if (!term || term === word) continue;
    const s = share(term);
    if (s >= MIN_TYPO_TARGET_SHARE && (!best || s > best.share)) best = { term, share: s };
  }
  return best?.term ?? null;
}

/** Each part of a compound is a dictionary word at least this long that the directory writes. */
const MIN_COMPOUND_PART = 3;

/** Two words the directory writes, run together ("carwash" → "car wash"): the split whose rarer part is commonest. */
function compoundOf(word: string, share: (term: string) => number): string | null {
  if (!/^[a-z]+$/.test(word) || isDictionaryWord(word)) return null;
  let best: { parts: string; share: number } | null = null;
  for (let i = MIN_COMPOUND_PART; i <= word.length - MIN_COMPOUND_PART; i++) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    const [h, t] = [processTerm(head), processTerm(tail)];
    if (!h || !t || !isDictionaryWord(head) || !isDictionaryWord(tail)) continue;
    const s = Math.min(share(h), share(t));
    if (s > 0 && (!best || s > best.share)) best = { parts: `${h} ${t}`, share: s };
  }
  return best?.parts ?? null;
}

/**
 * The spelling the directory uses for a processed query word, or null: the American spelling of a
 * British one it writes at least three times as often; and for a word it never writes, its singular
 * (the plural folding keeps "-is" words whole: "robotaxis"), a typo's target, or two words run
 * together, in that order (a compound's `to` holds both words). A word the user typed capitalised
 * (`asName`: a name, "Procore") is only ever read as its singular or a spelling variant.
 */
export function respell(word: string, share: (term: string) => number, asName = false): Respelling | null {
  const own = share(word);
  // A few companies write the British spelling too ("colour"): the directory's usual one is searched.
  const variant = variantOf(word, (t) => share(t) > 0 && share(t) >= VARIANT_MAJORITY * own);
  if (variant) return { from: word, to: variant, kind: 'variant' };
  if (own > 0) return null;
  if (word.endsWith('s') && share(word.slice(0, -1)) > 0) return { from: word, to: word.slice(0, -1), kind: 'plural' };
  if (asName) return null;
  const typo = typoOf(word, share);
  if (typo) return { from: word, to: typo, kind: 'typo' };
  const compound = compoundOf(word, share);
  return compound ? { from: word, to: compound, kind: 'compound' } : null;
}

/**
 * Each processed query word the directory writes otherwise, by the word typed. A typo's target or a
 * compound's parts are guesses: they are made only when the query's other words show what it is
 * about, so that there are no more guesses than words the directory writes as typed. A query of
 * unknown words stays unknown (gibberish is not "corrected" into a market).
 */
export function respellAll(
  typed: readonly string[],
  share: (term: string) => number,
  names: ReadonlySet<string> = new Set(),
): Map<string, Respelling> {
  const out = new Map<string, Respelling>();
  for (const word of typed) {
    const respelled = respell(word, share, names.has(word));
    if (respelled) out.set(word, respelled);
  }
  const isGuess = (r: Respelling): boolean => r.kind === 'typo' || r.kind === 'compound';
  const guesses = [...out.values()].filter(isGuess).length;
  const known = typed.filter((w) => share(w) > 0).length;
  if (guesses > known) for (const [word, r] of out) if (isGuess(r)) out.delete(word);
  return out;
}

/** The warning that tells the user how their words were read. */
export function respellingWarning(respellings: readonly Respelling[]): string | null {
  if (respellings.length === 0) return null;
  const pairs = respellings.map((r) => `"${r.from}" as "${r.to}"`);
  const list = pairs.length === 1 ? pairs[0]! : `${pairs.slice(0, -1).join(', ')} and ${pairs.at(-1)!}`;
  return `Read ${list}, the spelling the directory uses.`;
}
