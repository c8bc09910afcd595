import type { Evidence } from '../engine/analysis.schemas.ts';

// The name a reader sees for one evidence item wherever it is cited: the PDF reports, the pitch deck, action
// plans and their exports (issue 29: they printed raw ids such as "company:laika" or
// "onet:29-1021.00:task:8213"). The id stays only where it is a link target (the anchor on the opportunity's
// page). Built from the item's own note and value, so it never says more than the evidence does.

const MAX_TITLE = 90;

/** Cuts at a word boundary and marks the cut with an ellipsis; never mid-word. */
export function shortenAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** "Laika (W21, Active)", "Primary customer: Dentists, General", "Task of Dental assistants: “Schedule…”". */
export function evidenceTitle(e: Pick<Evidence, 'id' | 'note' | 'value'>): string {
  const note = e.note.trim();
  if (e.id.startsWith('company:')) {
    // "Name (batch, status): one-liner" → the company with its batch and status.
    const head = /^(.+?\))\s*:/.exec(note)?.[1] ?? note;
    return shortenAtWord(head, MAX_TITLE);
  }
  if (/^onet:[^:]+:role$/.test(e.id)) return shortenAtWord(note.split('; ')[0] ?? note, MAX_TITLE);
  if (/^onet:[^:]+:task:/.test(e.id) && typeof e.value === 'string' && e.value.trim()) {
    const who = note.replace(/\s*\(job to be done\)\s*$/, '');
    return `${who}: “${shortenAtWord(e.value, Math.max(30, MAX_TITLE - who.length - 4))}”`;
  }
  if (e.id.startsWith('risk:')) return shortenAtWord(note.replace(/\s*\(.*$/, ''), MAX_TITLE);
  if (note) return shortenAtWord(note, MAX_TITLE);
  return e.id;
}

/** Titles of the cited ids, in citation order; an id with no evidence row (its analysis was deleted) reads as itself. */
export function citedTitles(
  ids: readonly string[],
  evidence: readonly Pick<Evidence, 'id' | 'note' | 'value'>[],
): string[] {
  const byId = new Map(evidence.map((e) => [e.id, e]));
  return ids.map((id) => {
    const e = byId.get(id);
    return e ? evidenceTitle(e) : id;
  });
}

/**
 * An evidence item's value as a reader sees it beside its note: counts grouped ("135,333", not "135333"),
 * a staff share with its unit ("32.6 %"); null when the item has no value.
 */
export function evidenceValueText(e: Pick<Evidence, 'id' | 'value'>): string | null {
  if (e.value === null) return null;
  if (typeof e.value === 'string') return e.value;
  const n = e.value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return e.id.startsWith('industry:staff:') ? `${n} %` : n;
}

/** The value to print beside the note, or null when there is none or the note already says it ("135,333 establishments…"). */
export function evidenceValueBesideNote(e: Pick<Evidence, 'id' | 'value' | 'note'>): string | null {
  // An occupation's role ("customer", "worker") is a code for the note's own words ("Customers who buy
  // this: …"): printed beside it, it read "value worker".
  if (/^onet:[^:]+:role$/.test(e.id)) return null;
  const value = evidenceValueText(e);
  return value === null || e.note.includes(value) ? null : value;
}
