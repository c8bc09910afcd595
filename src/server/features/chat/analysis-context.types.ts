import type { SearchResultRow } from '../../db/schema/index.ts';

// What the assistant may know: one analysis (and the analyses it is compared with), nothing else.

export type ContextResult = Pick<
  SearchResultRow,
  | 'id'
  | 'rank'
  | 'title'
  | 'cell'
  | 'evidence'
  | 'competitors'
  | 'breakdown'
  | 'riskFlags'
  | 'opportunityScore'
  | 'innovationScore'
  | 'marketSize'
  | 'feasibility'
  | 'confidenceScore'
>;

export type AnalysisContext = {
  id: number;
  query: string;
  status: 'ok' | 'insufficient_data';
  reason: string | null;
  results: ContextResult[];
};
