import { ExternalLink } from 'lucide-react';
import { SOURCE_ATTRIBUTION, type Evidence } from '#shared/engine/analysis.schemas.ts';
import { evidenceValueBesideNote } from '#shared/searches/evidence-title.ts';
import { evidenceAnchorId } from '#client/lib/evidence-anchor.ts';
import { evidenceLinks } from '../evidence-links.ts';

/** Evidence items with their source, attribution and a link (docs/product/overview.md: every number traceable). */
export function EvidenceList({
  evidence,
  ids,
  anchored = false,
}: {
  evidence: Evidence[];
  ids?: string[];
  anchored?: boolean;
}) {
  const shown = ids ? evidence.filter((e) => ids.includes(e.id)) : evidence;
  if (shown.length === 0) return <p className="text-sm text-muted-foreground">No evidence items recorded.</p>;
  return (
    <ul className="space-y-2 text-sm">
      {shown.map((e) => {
        const source = SOURCE_ATTRIBUTION[e.source];
        const value = evidenceValueBesideNote(e);
        const links = evidenceLinks(e);
        return (
          <li
            key={e.id}
            id={anchored ? evidenceAnchorId(e.id) : undefined}
            tabIndex={anchored ? -1 : undefined}
            className="scroll-mt-20 rounded border p-2 focus:ring-2 focus:ring-primary focus:outline-none"
          >
            <p>
              {e.note}
              {value !== null ? <span className="text-muted-foreground"> — {value}</span> : null}
              {e.date ? <span className="text-muted-foreground"> ({e.date})</span> : null}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">
              {source.attribution} · ref {e.ref}
            </p>
            {links.length > 0 ? (
              // Links on their own row, each a 44 px tap target (issue 29: they were 14 px tall on a phone).
              <ul className="flex flex-wrap gap-x-4 text-xs">
                {links.map((link) => (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="control min-h-11 items-center underline"
                    >
                      {link.label}
                      <ExternalLink aria-hidden="true" className="ml-1 inline size-3" />
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
