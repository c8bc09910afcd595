import { SOURCE_ATTRIBUTION, type Evidence } from '#shared/engine/analysis.schemas.ts';

// Where an evidence item's links go, labelled for where they go (issue 13): a YC company's own website is
// "Company website", not "Y Combinator directory", and the source's own page keeps the source's name.

export type EvidenceLink = { href: string; label: string };

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The source's page, and (when the item has a URL elsewhere) that page, named by what it is. */
export function evidenceLinks(evidence: Pick<Evidence, 'source' | 'url'>): EvidenceLink[] {
  const source = SOURCE_ATTRIBUTION[evidence.source];
  const sourceLink = { href: source.url, label: source.label };
  if (!evidence.url) return [sourceLink];
  const host = hostOf(evidence.url);
  if (host === null) return [sourceLink];
  if (host === hostOf(source.url)) return [{ href: evidence.url, label: source.label }];
  const label = evidence.source === 'yc' ? `Company website (${host})` : host;
  return [{ href: evidence.url, label }, sourceLink];
}
