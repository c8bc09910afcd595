import CLAUSE_WORDS from './clause-words.json' with { type: 'json' };

// "I moved here for a job", "our clinic is buried in paperwork": text with its own subject and finite
// verb is a clause, not the name of an offering, so a segment marker after it does not say whom the
// offering serves (text/clause-words.json says the rule and its limits).

const FINITE = new Set([...CLAUSE_WORDS.subjects, ...CLAUSE_WORDS.verbs]);
const RELATIVE = new Set(CLAUSE_WORDS.relatives);

const bare = (token: string): string =>
  token
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** Whether `text` (what precedes a segment marker) is a clause: a pronoun subject or a finite auxiliary before any relative word. */
export function isClause(text: string): boolean {
  for (const token of text.split(/\s+/)) {
    const word = bare(token);
    if (RELATIVE.has(word)) return false;
    if (FINITE.has(word)) return true;
  }
  return false;
}

/** The text up to the end of its first sentence or clause ("." ":" ";" "!" "?" before a space or the end). */
export function firstSentence(text: string): string {
  return text.split(/[.:;!?](?=\s|$)/)[0]!.trim() || text;
}
