import type { Evidence, ScoreBreakdown } from '#shared/engine/analysis.schemas.ts';
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

/** The customer-industry evidence the engine adds on the full datasets (issue 28), as it wrote it for dental practices. */
export const dentalIndustryEvidence: Evidence[] = [
  {
    id: 'onet:29-1021.00:role',
    source: 'onet',
    ref: '29-1021.00',
    value: 'customer',
    note: 'Customers who buy this: Dentists, General (reported title "Dentist"); 76 % match with the query',
  },
  {
    id: 'industry:customer',
    source: 'staffing',
    ref: '621200',
    value: 'Offices of dentists',
    note: "Customers' industry: Offices of dentists (NAICS 6212), where 75 % of dentists, general work; 955,500 employees in 2018",
  },
  {
    id: 'industry:establishments',
    source: 'census',
    ref: '6212',
    value: 135333,
    note: 'Offices of dentists: 135,333 establishments in the U.S. in 2021',
  },
  {
    id: 'industry:staff:31-9091',
    source: 'staffing',
    ref: '31-9091',
    value: 32.6,
    note: 'Dental assistants: 32.6 % of the employees of offices of dentists (311,200 in 2018)',
  },
  {
    id: 'industry:staff:29-2021',
    source: 'staffing',
    ref: '29-2021',
    value: 21.5,
    note: 'Dental hygienists: 21.5 % of the employees of offices of dentists (205,500 in 2018)',
  },
];
