import { SOURCE_ATTRIBUTION, type EvidenceSource } from '#shared/engine/analysis.schemas.ts';
import { categoryLabel, MARKET_POTENTIAL_LABELS } from '#shared/searches/filter-options.ts';
import type { SearchListItem } from '#shared/searches/search.schemas.ts';
import type { AnalysisSnapshot } from '../../lib/domain/analysis-snapshot.ts';
import { toCsv } from '../../lib/platform/csv.ts';
import { scoreValue } from '#shared/app/score-format.ts';

// The two CSV exports: an analysis's opportunities (one row each, every score and the evidence behind
// it summarised) and the search history (one row per search).

const OPPORTUNITY_HEADER = [
  'Rank',
  'Title',
  'Category',
  'Opportunity score (0-100)',
  'Innovation',
  'Market size',
  'Feasibility',
  'Market potential',
  'Confidence',
  'Priority',
  'Offering',
  'Customer segment',
  'Description',
  'Why this gap exists',
  'Target audience',
  'Competitors',
  'Recommendations',
  'Key trends',
  'Risk flags',
  'Evidence count',
  'Evidence sources',
  'Newest evidence',
  'Analysis query',
  'Analysis date',
  'Corpus version',
  'Rubric version',
] as const;

const list = (items: readonly string[]) => items.join('; ');

export function opportunitiesCsv(snapshot: AnalysisSnapshot): string {
  // The snapshot is in the one order (orderOpportunities): the Rank column is the position in it.
  const rows = snapshot.opportunities.map((o, index) => {
    const sources = [...new Set(o.evidence.map((e) => e.source))] as EvidenceSource[];
    return [
      index + 1,
      o.title,
      categoryLabel(o.category),
      scoreValue(o.opportunityScore),
      scoreValue(o.innovationScore),
      // Empty when not sized: a spreadsheet reads a blank as unknown, a 0 as small.
      o.marketSize === null ? '' : scoreValue(o.marketSize),
      scoreValue(o.feasibility),
      MARKET_POTENTIAL_LABELS[o.marketPotential],
      scoreValue(o.confidenceScore),
      o.priority,
      o.cell.offering,
      o.cell.segment,
      o.description,
      o.gapReason,
      o.targetAudience,
      list(o.competitors.map((c) => (c.status ? `${c.name} (${c.status})` : c.name))),
      list(o.actionableRecommendations),
      list(o.keyTrends),
      list(o.riskFlags),
      o.evidence.length,
      list(sources.map((s) => SOURCE_ATTRIBUTION[s].label)),
      o.latestEvidenceDate,
      snapshot.query,
      snapshot.timestamp.toISOString(),
      snapshot.analysis.corpusVersion,
      snapshot.analysis.rubricVersion,
    ];
  });
  return toCsv(OPPORTUNITY_HEADER, rows);
}

const HISTORY_HEADER = ['Date', 'Query', 'Status', 'Opportunities', 'Favourite', 'Imported', 'Link'] as const;

function importedLabel(imported: SearchListItem['imported']): string {
  if (!imported) return '';
  return imported.verified ? 'imported' : 'imported, not verified';
}

export function historyCsv(items: readonly SearchListItem[], publicUrl: string): string {
  return toCsv(
    HISTORY_HEADER,
    items.map((s) => [
      s.timestamp,
      s.query,
      s.status === 'ok' ? 'ok' : 'not enough data',
      s.resultsCount,
      s.isFavorite,
      importedLabel(s.imported),
      `${publicUrl.replace(/\/$/, '')}/search/${s.id}`,
    ]),
  );
}

/** A file name from the analysis's query: letters, digits and dashes only. */
function slugOf(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}

/** "unbuilt-<query>-<id>.<ext>"; a branded file starts with the company's name instead (or with nothing). */
export function exportFileName(
  query: string,
  id: number,
  extension: string,
  branding: { companyName: string | null } | null = null,
): string {
  const prefix = branding ? slugOf(branding.companyName ?? '') : 'unbuilt';
  return `${prefix ? `${prefix}-` : ''}${slugOf(query) || 'analysis'}-${id}.${extension}`;
}
