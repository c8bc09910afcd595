/**
 * A date as the reader's locale writes it: "Mar 4, 2026" (short) or "March 4, 2026" (long). A bare
 * calendar date ("2026-11-23") is that day everywhere: read as UTC midnight, it must not be shown in
 * the reader's time zone (where it would be Nov 22 west of Greenwich).
 */
export function formatDate(iso: string, month: 'short' | 'long' = 'short'): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  return new Date(iso).toLocaleDateString(undefined, {
    year: 'numeric',
    month,
    day: 'numeric',
    ...(dateOnly ? { timeZone: 'UTC' } : {}),
  });
}

/** A moment (date and time) in the same style as formatDate: "Nov 27, 2026, 3:04 PM". */
export function formatDateTime(iso: string | Date): string {
  return new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** A calendar month ("2026-11") as "Nov 2026". */
export function formatMonth(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "1 opportunity", "3 opportunities": a count with the noun in the right number. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${String(count)} ${count === 1 ? singular : plural}`;
}
