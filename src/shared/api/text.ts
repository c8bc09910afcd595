import { z } from 'zod';

// The one rule for text that reaches the server: no NUL (PostgreSQL refuses it), no unpaired UTF-16
// surrogate (not encodable as UTF-8), and NFC so "é" typed two ways is one string. The server
// applies it to every string of every request body, query and path (lib/http/text-at-the-door.ts); the
// schemas' own `.trim()` does the trimming where the spec asks for it.

export const UNSAFE_TEXT_MESSAGE = 'Contains a character that is not allowed (a NUL or a broken unicode character)';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Null when the text is acceptable, else the message to show for its field. */
export function unsafeTextReason(text: string): string | null {
  if (text.includes('\u0000') || LONE_SURROGATE.test(text)) return UNSAFE_TEXT_MESSAGE;
  return null;
}

/** Sane calendar years for any date a user can send (PostgreSQL has no year 0; 9999 is not a plan). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

/** A YYYY-MM-DD date within the sane years. */
export function isoDateSchema(message = 'Use a date as YYYY-MM-DD') {
  return z.iso.date({ message }).refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= MIN_YEAR && year <= MAX_YEAR;
    },
    { message: `Use a year between ${String(MIN_YEAR)} and ${String(MAX_YEAR)}` },
  );
}
