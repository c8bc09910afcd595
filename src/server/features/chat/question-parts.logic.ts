import { contentWords } from '../../engine/text/tokenize.ts';
import PARTS from './words/question-parts.json' with { type: 'json' };

// A compound question split into its parts (issue 29), so each is answered with its own citations:
// at sentence ends, semicolons and enumerations, then at a joining word only when a question opens
// after it (words/question-parts.json says which words, with its examples and counter-examples).

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const JOINER = new RegExp(
  String.raw`(?:^|[\s,]+)(?:${[...PARTS.joiners]
    .sort((a, b) => b.length - a.length)
    .map((j) =>
      j
        .split(' ')
        .map(escape)
        .join(String.raw`\s+`),
    )
    .join('|')})\s*,?\s+(?=(?:${PARTS.openers.join('|')})\b)`,
  'gi',
);
/** "1)", "2.", "(a)", "b)" at the start of a piece or after a space. */
const ENUMERATION = /(?:^|\s)\(?(?:\d{1,2}|[a-h])[).](?=\s)/gi;

/** Sentence ends: "?", "!", ";", or a full stop after a word of three letters or more ("Dr. Smith" stays whole). */
function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const isEnd =
      c === '?' ||
      c === '!' ||
      c === ';' ||
      (c === '.' && /\s/.test(text[i + 1] ?? ' ') && /[\p{L}\p{N}]{3,}$/u.test(text.slice(start, i)));
    if (!isEnd) continue;
    out.push(text.slice(start, c === ';' ? i : i + 1));
    start = i + 1;
  }
  out.push(text.slice(start));
  return out;
}

function cutAt(pieces: string[], pattern: RegExp): string[] {
  return pieces.flatMap((p) => p.split(pattern));
}

/** The parts of a question, in order, each with at least one content word; one part for a simple question. */
export function questionParts(question: string): string[] {
  const pieces = cutAt(cutAt(sentences(question), ENUMERATION), JOINER)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  const parts: string[] = [];
  for (const piece of pieces) {
    const hasContent = contentWords(piece).length > 0;
    if (!hasContent && parts.length > 0) parts[parts.length - 1] = `${parts.at(-1) ?? ''} ${piece}`;
    else if (hasContent) parts.push(piece);
  }
  return parts.length > 0 ? parts : [question.trim()];
}
