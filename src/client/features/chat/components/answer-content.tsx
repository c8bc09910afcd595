import { Link } from 'react-router';
import type { Citation } from '#shared/chat/chat.schemas.ts';
import { PRICING_FAQ_REF_PREFIX } from '#shared/plans/plans-faq.ts';
import { paths } from '#client/config/paths.ts';
import { evidenceAnchorId, SCORE_BREAKDOWNS_ANCHOR } from '#client/lib/evidence-anchor.ts';

// An answer's text with its citation markers ([evidence-id]) turned into links: evidence and
// competitors to the row on the opportunity's page, scores to its breakdowns, articles to /help,
// pricing FAQ entries to their question on /pricing.

export function citationHref(c: Citation): string {
  if (c.kind === 'article') return `${paths.help.href()}?article=${encodeURIComponent(c.ref)}`;
  if (c.kind === 'faq') return `${paths.pricing.href()}#${c.ref.slice(PRICING_FAQ_REF_PREFIX.length)}`;
  const page = paths.searchResult.href(c.resultId ?? 0);
  return `${page}#${c.kind === 'score' ? SCORE_BREAKDOWNS_ANCHOR : evidenceAnchorId(c.ref)}`;
}

function Line({ text, citations, onFollow }: { text: string; citations: Citation[]; onFollow: () => void }) {
  const parts = text.split(/(\[[^\]\s]+\])/g);
  return (
    <>
      {parts.map((part, i) => {
        const cited = /^\[([^\]\s]+)\]$/.exec(part)?.[1];
        const citation = cited ? citations.find((c) => c.ref === cited) : undefined;
        if (!citation) return <span key={i}>{part}</span>;
        return (
          <Link
            key={i}
            to={citationHref(citation)}
            onClick={onFollow}
            className="mx-0.5 inline-block rounded bg-muted px-1 text-xs font-medium text-primary underline underline-offset-2"
          >
            <span className="sr-only">Source: </span>
            {citation.label}
          </Link>
        );
      })}
    </>
  );
}

type Block = { kind: 'p'; text: string } | { kind: 'ul'; items: string[] };

function blocksOf(content: string): Block[] {
  const blocks: Block[] = [];
  for (const line of content.split('\n')) {
    const last = blocks.at(-1);
    if (!line.startsWith('- ')) blocks.push({ kind: 'p', text: line });
    else if (last?.kind === 'ul') last.items.push(line.slice(2));
    else blocks.push({ kind: 'ul', items: [line.slice(2)] });
  }
  return blocks;
}

export function AnswerContent({
  content,
  citations,
  onFollow,
}: {
  content: string;
  citations: Citation[];
  onFollow: () => void;
}) {
  return (
    <div className="space-y-1 text-sm break-words">
      {blocksOf(content).map((b, i) =>
        b.kind === 'p' ? (
          <p key={i}>
            <Line text={b.text} citations={citations} onFollow={onFollow} />
          </p>
        ) : (
          <ul key={i} className="list-disc space-y-1 pl-5">
            {b.items.map((item, j) => (
              <li key={j}>
                <Line text={item} citations={citations} onFollow={onFollow} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
