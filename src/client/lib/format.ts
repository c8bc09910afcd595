/** A date as the reader's locale writes it: "Mar 4, 2026" (short) or "March 4, 2026" (long). */
export function formatDate(iso: string, month: 'short' | 'long' = 'short'): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month, day: 'numeric' });
}
