import { NO_EVIDENCE_ANSWER } from '#shared/chat/chat.constants.ts';
import type { Citation } from '#shared/chat/chat.schemas.ts';
import type { Item } from './retrieve.logic.ts';

// The pieces every offline answer is made of: lines, each fact followed by its citation marker.

export type Answer = { content: string; citations: Citation[] };

const toCitation = ({ kind, ref, resultId, label, text }: Item): Citation => ({ kind, ref, resultId, label, text });

export function answer(lines: string[], items: readonly Item[]): Answer {
  const seen = new Set<string>();
  const citations = items.filter((i) => !seen.has(i.ref) && seen.add(i.ref)).map(toCitation);
  return { content: lines.join('\n'), citations };
}

export const bullet = (it: Item): string => `- ${it.text} [${it.ref}]`;

export function noEvidence(wouldAnswer: string): Answer {
  return { content: `${NO_EVIDENCE_ANSWER} What would answer it: ${wouldAnswer}.`, citations: [] };
}

/** Parts of a compound question are labelled in words: every digit of an offline answer is a digit of the evidence it cites. */
const PART_LABELS = ['First part', 'Second part', 'Third part', 'Fourth part', 'Fifth part', 'Sixth part'];
export const partLabel = (i: number) => `${PART_LABELS[i] ?? 'Next part'} of the question:`;
