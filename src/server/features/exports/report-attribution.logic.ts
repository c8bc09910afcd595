import { SOURCE_ATTRIBUTION, type EvidenceSource } from '#shared/engine/analysis.schemas.ts';

// How a report credits each evidence source. Third-party data (the YC directory, O*NET under CC BY 4.0,
// BLS, NAICS, WordNet) keeps its attribution in every branding. The product's own sources — the offline
// sample corpus and the market vocabulary — are named neutrally in a branded report: the same facts,
// without the Unbuilt name (docs/decisions/028-report-branding.md).

export type Attribution = { label: string; attribution: string; url: string };

const NEUTRAL_ATTRIBUTION: Partial<Record<EvidenceSource, Attribution>> = {
  seed: {
    label: 'Sample corpus',
    attribution: 'Sample corpus (a small sample written for offline use; each entry names its public source)',
    url: SOURCE_ATTRIBUTION.seed.url,
  },
  vocabulary: {
    label: 'Market vocabulary',
    attribution: "Market vocabulary (a founder's words for a need mapped to the words startups use for the category)",
    url: '',
  },
};

export function attributionOf(source: EvidenceSource, isBranded: boolean): Attribution {
  return (isBranded ? NEUTRAL_ATTRIBUTION[source] : undefined) ?? SOURCE_ATTRIBUTION[source];
}

/**
 * Text the app composed from an attribution (an idea's market-size citation quotes its source's), as a
 * branded report prints it: the product's own sources' attributions swapped for their neutral wording.
 */
export function citationText(text: string, isBranded: boolean): string {
  if (!isBranded) return text;
  let out = text;
  for (const [source, neutral] of Object.entries(NEUTRAL_ATTRIBUTION)) {
    out = out.replaceAll(SOURCE_ATTRIBUTION[source as EvidenceSource].attribution, neutral.attribution);
  }
  return out;
}
