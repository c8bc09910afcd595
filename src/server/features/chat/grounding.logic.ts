import type { Citation } from '#shared/chat/chat.schemas.ts';

// The number check every answer passes (offline answers by construction, model answers before they
// are kept): every number in the answer appears in the text of what it cites. Citation markers
// ([evidence-id]) are references, not claims, so they are removed before the check.

const NUMBER = /\d+(?:,\d{3})*(?:\.\d+)?/g;

/** The numbers in a text, normalised ("30,790" → "30790", "7.0" → "7"). */
export function numbersIn(text: string): string[] {
  return (text.match(NUMBER) ?? []).map((n) => String(Number(n.replace(/,/g, ''))));
}

/** The answer without its citation markers: `[ref]` for a ref that is cited. */
export function withoutMarkers(content: string, citations: readonly Citation[]): string {
  const refs = new Set(citations.map((c) => c.ref));
  return content.replace(/\[([^\]\s]+)\]/g, (whole, ref: string) => (refs.has(ref) ? ' ' : whole));
}

/** Numbers of the answer that none of its citations contains (empty = grounded). */
export function ungroundedNumbers(content: string, citations: readonly Citation[]): string[] {
  const known = new Set(citations.flatMap((c) => numbersIn(`${c.label} ${c.text}`)));
  return [...new Set(numbersIn(withoutMarkers(content, citations)))].filter((n) => !known.has(n));
}

// Claims about how many companies there are, or that there are none (issue 32: "There are no
// competitors at all [company:laika]" passed because it has no digits). Checked against the evidence
// the answer was given: a company there contradicts "none"; a count must be a number of the cited
// text or the number of companies given.

const COMPANY_NOUN = String.raw`(?:competitors?|competition|companies|company|startups?|rivals?|players|businesses|firms|alternatives)`;
const NO_COMPANIES = new RegExp(
  String.raw`\b(?:no|zero|not\s+any|without\s+any|not\s+a\s+single)\s+(?:\w+\s+){0,2}?${COMPANY_NOUN}\b|\b(?:nobody|no\s+one|no-one)\s+(?:else\s+)?(?:is\s+|has\s+)?(?:building|serving|offering|doing|selling|solving)\b|\bunserved\b|\bno\s+existing\s+solutions?\b`,
  'i',
);
const COUNT_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  dozen: 12,
};
/** A claim about the total ("there are 3 …", "only two …", "exactly 5 …"), not "one of the companies" or "the top 3". */
export const COUNTED_COMPANIES = new RegExp(
  String.raw`\b(?:there\s+(?:are|is|were)|only|exactly|just|a\s+total\s+of)\s+(\d+|${Object.keys(COUNT_WORDS).join('|')})\s+(?:\w+\s+){0,2}?${COMPANY_NOUN}\b`,
  'gi',
);

/** "3" or "three" as a number; undefined for anything else. */
export function countValue(word: string): number | undefined {
  const w = word.toLowerCase();
  return /^\d+$/.test(w) ? Number(w) : Object.hasOwn(COUNT_WORDS, w) ? COUNT_WORDS[w] : undefined;
}

const isCompany = (c: Citation) => c.kind === 'competitor' || c.ref.startsWith('company:');

/** Claims of the answer that the evidence it was given contradicts (empty = none). */
export function contradictedClaims(content: string, cited: readonly Citation[], given: readonly Citation[]): string[] {
  const text = withoutMarkers(content, cited);
  const problems: string[] = [];
  const companies = new Set(given.filter(isCompany).map((c) => c.ref));
  const none = NO_COMPANIES.exec(text);
  if (none && companies.size > 0) problems.push(`"${none[0]}" while the evidence lists ${String(companies.size)}`);
  const known = new Set(cited.flatMap((c) => numbersIn(`${c.label} ${c.text}`)));
  for (const match of text.matchAll(COUNTED_COMPANIES)) {
    const n = countValue(match[1] ?? '');
    if (n !== undefined && n !== companies.size && !known.has(String(n))) problems.push(`"${match[0]}"`);
  }
  return problems;
}
