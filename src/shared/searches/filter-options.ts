import { defaultFilters, type MarketPotential, type SearchFilters } from './filters.schemas.ts';

// What screens show for the filter values (labels, sort options) and the filter presets.

export const CATEGORY_OPTIONS = [
  { value: 'technology', label: 'Technology' },
  { value: 'healthcare', label: 'Healthcare' },
  { value: 'finance', label: 'Finance' },
  { value: 'education', label: 'Education' },
  { value: 'ecommerce', label: 'E-commerce' },
  { value: 'entertainment', label: 'Entertainment' },
  { value: 'sustainability', label: 'Sustainability' },
  { value: 'food', label: 'Food & Beverage' },
  { value: 'travel', label: 'Travel' },
  { value: 'real-estate', label: 'Real Estate' },
] as const;

/** A category's label ("real-estate" → "Real Estate"); an unknown value as it is. */
export function categoryLabel(value: string): string {
  return CATEGORY_OPTIONS.find((o) => o.value === value)?.label ?? value;
}

export const SORT_OPTIONS = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'innovation', label: 'Innovation Score' },
  { value: 'marketSize', label: 'Market Size' },
  { value: 'feasibility', label: 'Feasibility' },
  { value: 'marketPotential', label: 'Market Potential' },
  { value: 'date', label: 'Date' },
] as const;
export const MARKET_POTENTIAL_LABELS: Record<MarketPotential, string> = {
  'very-high': 'Very High',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

export const PRESET_IDS = ['high-innovation', 'large-markets', 'easy-to-build', 'trending-now'] as const;
export type PresetId = (typeof PRESET_IDS)[number];
export const PRESET_LABELS: Record<PresetId, string> = {
  'high-innovation': 'High Innovation',
  'large-markets': 'Large Markets',
  'easy-to-build': 'Easy to Build',
  'trending-now': 'Trending Now',
};
/** A span of evidence dates (ISO days), as GET /api/trending reports the corpus's most recent one. */
export type EvidenceWindow = { from: string; to: string };

/**
 * The four filter presets, applied over the defaults. Trending Now is the most recent evidence window of the
 * corpus in use (`recentWindow`, from GET /api/trending), not the last days of the calendar: a corpus's newest
 * evidence can be years old, and a calendar window would then match nothing (docs/decisions/012).
 */
export function presetFilters(id: PresetId, recentWindow: EvidenceWindow | null = null): SearchFilters {
  const base = defaultFilters();
  switch (id) {
    case 'high-innovation':
      return { ...base, innovationScore: [70, 100], sortBy: 'innovation' };
    case 'large-markets':
      return { ...base, marketSize: [80, 100], sortBy: 'marketSize' };
    case 'easy-to-build':
      return { ...base, feasibilityScore: [70, 100], sortBy: 'feasibility' };
    case 'trending-now':
      return {
        ...base,
        dateRange: recentWindow ? { from: recentWindow.from, to: recentWindow.to } : base.dateRange,
        sortBy: 'date',
      };
  }
}
