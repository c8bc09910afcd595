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
