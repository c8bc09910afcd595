// Tokenising shared by indexing and query parsing, so both sides normalise words the same way.

export const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are aren as at be because been before being below between both
but by can cannot could did do does doing don down during each either else etc ever every few for from further get gets
got had has have having he her here hers herself him himself his how i if in into is isn it its itself just let like lot
lots make makes many may me might more most much must my myself need needs new no nor not now of off on once one only or
other others our ours ourselves out over own per please same she should so some such than that the their theirs them
themselves then there these they thing things this those through to too under until up upon us use used using very via
want was we were what when where which while who whom why will with within without would yet you your yours yourself
yourselves app apps application applications platform platforms solution solutions service services tool tools
company companies startup startups product products business businesses idea ideas people way ways best better good
something someone anything everything thing based help helps helping find finding get getting make making easier easy
simple simpler allow allows enable enables person
hello world hi hey ok okay yes yeah lol cool nice great awesome stuff whatever random foo baz qux xyz lorem ipsum`.split(
    /\s+/,
  ),
);

/**
 * English contractions, undone before splitting: "we've", "I'm", "doesn't" would otherwise leave
 * fragments ("ve", "doesn") that read as content words. Possessive "'s" needs nothing: a lone "s" is
 * too short to be a word.
 */
const CONTRACTIONS: readonly [RegExp, string][] = [
  [/\bcan['’]t\b/g, 'can not'],
  [/\bwon['’]t\b/g, 'will not'],
  [/n['’]t\b/g, ' not'],
  [/['’](?:ve|re|ll|d|m)\b/g, ''],
];

/** Lower-cases, undoes contractions and splits on anything that is not a letter or digit (any script). */
export function words(text: string): string[] {
  let lower = text.toLowerCase();
  for (const [pattern, replacement] of CONTRACTIONS) lower = lower.replace(pattern, replacement);
  return lower
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/**
 * Conservative English normalisation: plurals and a few verb endings, so "owners" matches "owner"
 * and "families" matches "family" without the over-stemming that hurt recall in measurements.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('es') && /(ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Index-time and query-time term processing for MiniSearch: stop words dropped, plurals folded. */
export function processTerm(term: string): string | null {
  const w = term.toLowerCase();
  // Bare numbers ("12345", "2024") say nothing about a market; "3d" or "b2b" do.
  if (w.length < 2 || STOP_WORDS.has(w) || /^\d+$/.test(w)) return null;
  return stem(w);
}

/** A content word: its processed term, and the word as first written, to show ("chaos", not "chao"). */
export type ContentToken = { term: string; surface: string };

/** The text's content tokens: stop words dropped, de-duplicated by term in order, each with its first spelling. */
export function contentTokens(text: string): ContentToken[] {
  const out: ContentToken[] = [];
  for (const w of words(text)) {
    const t = processTerm(w);
    if (t && !out.some((o) => o.term === t)) out.push({ term: t, surface: w });
  }
  return out;
}

/** The query's content words: tokens minus stop words, stemmed, de-duplicated in order. */
export function contentWords(text: string): string[] {
  return contentTokens(text).map((t) => t.term);
}
