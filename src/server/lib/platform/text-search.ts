// PostgreSQL text search for user input (ADR 018). A user's string never reaches to_tsquery as
// syntax: it is cut into words (letters and digits only), so quotes, &, |, !, <-> and parentheses
// are just separators, and a 10,000-character paste is cut to its first words.

/** At most this many words of a query are used (a 10,000-character paste still answers at once). */
const MAX_QUERY_WORDS = 12;
const MAX_WORD_LENGTH = 40;

/** The words of a search string, lower-cased, deduplicated, capped. */
export function queryWords(text: string | undefined): string[] {
  if (!text) return [];
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_QUERY_WORDS);
}

/** A to_tsquery string: every word as a prefix (`word:*`), all required (&) or any (|). */
export function prefixQuery(words: string[], mode: 'all' | 'any' = 'all'): string {
  return words.map((w) => `${w}:*`).join(mode === 'all' ? ' & ' : ' | ');
}
