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
