// The engine reads a query in lower case; what it shows back keeps the user's capitals ("K-12 school
// districts", "Shopify stores"), taken from the query as typed.

/** `phrase` (lower case, read from `text`) with the capitals it has in `text`, or as given when `text` does not hold it. */
export function asWritten(phrase: string, text: string): string {
  if (phrase.length === 0) return phrase;
  const lower = text.toLowerCase();
  // Lower-casing keeps every index only when it keeps the length (it does for all but a few scripts).
  if (lower.length !== text.length) return phrase;
  const at = lower.indexOf(phrase.toLowerCase());
  return at < 0 ? phrase : text.slice(at, at + phrase.length);
}

/**
 * A title inside a sentence: its first letter lower-cased, the rest as written ("A reusable water bottle that
 * tracks how much I drink" → "a reusable water bottle that tracks how much I drink"). A first word that is
 * "I" or written in capitals ("AI", "K-12", "SaaS") stays as it is.
 */
export function inSentence(title: string): string {
  const first = /^\S+/.exec(title)?.[0] ?? '';
  const rest = first.slice(1);
  // "I"; a capital inside ("SaaS", "AI"); no small letter after the first ("K-12").
  if (first === 'I' || /[A-Z]/.test(rest) || (rest.length > 0 && !/[a-z]/.test(rest))) return title;
  return title.replace(/^./, (c) => c.toLowerCase());
}
