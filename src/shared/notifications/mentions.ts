import { MAX_MENTIONS_PER_COMMENT } from './notifications.schemas.ts';

// @mentions in comment text (ADR 027). A team member is addressed by the local part of their
// e-mail address (`@bea` for bea@example.com), or by the whole address when two members share a
// local part (`@bea@example.com`). Matching is case-insensitive. An @ inside a word (an e-mail
// address written out, `x@y`) is not a mention; a trailing dot or dash ends the handle.

const MENTION = /(?<![\w.+@-])@([a-z0-9][a-z0-9._%+-]*(?:@[a-z0-9-]+(?:\.[a-z0-9-]+)+)?)/gi;

/** The distinct handles mentioned in a text, lower-cased, in order of first mention (at most 10). */
export function parseMentions(text: string): string[] {
  const handles: string[] = [];
  for (const match of text.matchAll(MENTION)) {
    const handle = (match[1] ?? '').replace(/[._%+-]+$/, '').toLowerCase();
    if (handle && !handles.includes(handle)) handles.push(handle);
    if (handles.length === MAX_MENTIONS_PER_COMMENT) break;
  }
  return handles;
}

/** Whether a handle addresses this e-mail address (its local part, or the whole address). */
export function handleMatches(handle: string, email: string): boolean {
  const address = email.toLowerCase();
  return handle.includes('@') ? address === handle : address.split('@')[0] === handle;
}

/** The handle others use to mention this address. */
export function handleOf(email: string): string {
  return email.toLowerCase().split('@')[0] ?? email.toLowerCase();
}
