import type { Category } from '#shared/searches/filters.schemas.ts';

// Which occupations (SOC code prefixes) a category's BLS growth is read from: the workers of that
// market. A code may serve two categories (real-estate appraisers sit under financial specialists).
// Documented in docs/features/market-trends.md; change both together.
export const CATEGORY_OCCUPATIONS: Record<Category, string[]> = {
  technology: ['15-1'], // computer occupations
  healthcare: ['29-', '31-', '21-1018'], // practitioners, support, mental health counsellors
  finance: ['13-2', '43-3'], // financial specialists and clerks
  education: ['25-'], // educational instruction and library
  ecommerce: ['41-2', '53-7065', '43-5071'], // retail sales, stockers and order fillers, shipping clerks
  entertainment: ['27-'], // arts, design, entertainment, sports and media
  sustainability: ['47-2231', '49-9081', '19-2041', '17-2081', '19-1031'], // solar, wind, environmental
  food: ['35-', '11-9051'], // food preparation and serving, food service managers
  travel: ['41-3041', '39-7', '53-2031', '43-4081'], // travel agents, guides, flight attendants, hotel clerks
  'real-estate': ['11-9141', '41-9021', '41-9022', '13-2023', '47-1011'], // managers, brokers, agents, appraisers, construction supervisors
};

export function linkedSocs(category: Category, socs: Iterable<string>): string[] {
  const prefixes = CATEGORY_OCCUPATIONS[category];
  return [...socs].filter((soc) => prefixes.some((p) => soc.startsWith(p))).sort();
}
