import type { SearchDetail, SearchListItem, SearchResultDto } from '#shared/searches/search.schemas.ts';
import type { Opportunity } from '#shared/engine/analysis.schemas.ts';
import { orderOpportunities } from '#shared/searches/opportunity-order.ts';
import type { SearchResultRow, SearchRow } from '../../db/schema/index.ts';

// Rows become DTOs here, before they leave the server.

export function toSearchListItem(
  row: Pick<SearchRow, 'id' | 'query' | 'timestamp' | 'resultsCount' | 'isFavorite' | 'status' | 'importedFrom'>,
): SearchListItem {
  return {
    id: row.id,
    query: row.query,
    timestamp: row.timestamp.toISOString(),
    resultsCount: row.resultsCount,
    isFavorite: row.isFavorite,
    status: row.status,
    imported: row.importedFrom,
  };
}

export function toSearchResultDto(row: SearchResultRow): SearchResultDto {
  return {
    id: row.id,
    searchId: row.searchId,
    isSaved: row.isSaved,
    rank: row.rank,
    title: row.title,
    description: row.description,
    category: row.category as Opportunity['category'],
    feasibility: row.feasibility,
    marketPotential: row.marketPotential as Opportunity['marketPotential'],
    innovationScore: row.innovationScore,
    marketSize: row.marketSize,
    gapReason: row.gapReason,
    confidenceScore: row.confidenceScore,
    priority: row.priority,
    actionableRecommendations: row.actionableRecommendations,
    competitorAnalysis: row.competitorAnalysis,
    industryContext: row.industryContext,
    targetAudience: row.targetAudience,
    keyTrends: row.keyTrends,
    opportunityScore: row.opportunityScore,
    relevance: row.relevance,
    latestEvidenceDate: row.latestEvidenceDate,
    cell: row.cell,
    competitors: row.competitors,
    evidence: row.evidence,
    breakdown: row.breakdown,
    riskFlags: row.riskFlags,
    ...(row.composedBy ? { composedBy: row.composedBy } : {}),
  };
}

export function toSearchDetail(search: SearchRow, results: SearchResultRow[]): SearchDetail {
  return {
    ...toSearchListItem(search),
    filters: search.filters,
    analysis: {
      status: search.status,
      reason: search.reason,
      engine: search.engine,
      composerMode: search.composerMode,
      composerModel: search.composerModel,
      composerError: search.composerError,
      corpusVersion: search.corpusVersion,
      corpusKind: search.corpusKind,
      corpusSources: search.corpusSources,
      rubricVersion: search.rubricVersion,
      semanticRetrieval: search.semanticRetrieval,
      retrievalNote: search.retrievalNote,
      facets: search.facets,
      warnings: search.warnings,
    },
    results: orderOpportunities(results, search.filters).map(toSearchResultDto),
  };
}
