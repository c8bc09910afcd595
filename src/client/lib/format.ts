/** A date as the reader's locale writes it: "Mar 4, 2026" (short) or "March 4, 2026" (long). */
export function formatDate(iso: string, month: 'short' | 'long' = 'short'): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month, day: 'numeric' });
}

/** "1 opportunity", "3 opportunities": a count with the noun in the right number. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${String(count)} ${count === 1 ? singular : plural}`;
}
