import type { ScoreBreakdown } from '#shared/engine/analysis.schemas.ts';
import type { SearchResultDto } from '#shared/searches/search.schemas.ts';

// A stored-result fixture for client tests.
const breakdown: ScoreBreakdown = { score: 50, formula: 'fixture', factors: [] };

export function fakeOpportunityDto(rank: number, change: Partial<SearchResultDto> = {}): SearchResultDto {
  return {
    id: rank,
    searchId: 1,
    isSaved: false,
    rank,
    title: `Opportunity ${rank}`,
    description: 'A fixture opportunity.',
    gapReason: 'Fixture gap reason.',
    competitorAnalysis: 'Fixture competitor analysis.',
    industryContext: 'Fixture context.',
    targetAudience: 'Fixture audience',
    actionableRecommendations: ['Do this'],
    keyTrends: ['Trend'],
    category: 'technology',
    innovationScore: 50,
    marketSize: 50,
    feasibility: 40,
    marketPotential: 'medium',
    confidenceScore: 60,
    priority: 'medium',
    opportunityScore: 5,
    relevance: 0.5,
    latestEvidenceDate: null,
    cell: { offering: 'o', segment: 's' },
    competitors: [],
    evidence: [],
    breakdown: {
      opportunityScore: breakdown,
      innovationScore: breakdown,
      marketSize: breakdown,
      feasibility: breakdown,
      confidenceScore: breakdown,
      marketPotential: breakdown,
      priority: breakdown,
    },
    riskFlags: [],
    ...change,
  };
}
