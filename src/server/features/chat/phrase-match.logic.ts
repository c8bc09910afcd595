// Whole-word phrase matching for the assistant's word lists (words/*.json): "no competitors" matches
// "there are no competitors." but not "no-code competitors"; apostrophes and hyphens stay in words.

/** The text lower-cased, with every run of other characters one space, padded by a space at each end. */
export function normalised(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}'-]+/gu, ' ')
    .trim()} `;
}

/** Where the first of the phrases starts in the normalised text, or -1. */
export function phraseAt(text: string, phrases: readonly string[]): number {
  const t = normalised(text);
  const hits = phrases.map((p) => t.indexOf(` ${p} `)).filter((i) => i >= 0);
  return hits.length > 0 ? Math.min(...hits) : -1;
}

export function hasPhrase(text: string, phrases: readonly string[]): boolean {
  return phraseAt(text, phrases) >= 0;
}
