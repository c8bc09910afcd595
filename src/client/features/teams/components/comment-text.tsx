import { Fragment } from 'react';

// A comment is plain text (stored as written). Web addresses become links; everything else, HTML
// and scripts included, is a React text node, so the browser shows it as characters.

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://x.org."). */
const TRAILING = /[.,;:!?)\]]+$/;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

export function splitLinks(content: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of content.matchAll(URL_PATTERN)) {
    const start = match.index;
    const raw = match[0];
    const href = raw.replace(TRAILING, '');
    if (start > last) parts.push({ kind: 'text', text: content.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < content.length) parts.push({ kind: 'text', text: content.slice(last) });
  return parts;
}

export function CommentText({ content }: { content: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {splitLinks(content).map((part, i) =>
        part.kind === 'text' ? (
          <Fragment key={i}>{part.text}</Fragment>
        ) : (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="text-primary underline underline-offset-2"
          >
            {part.href}
          </a>
        ),
      )}
    </p>
  );
}
