import type { Category } from '#shared/searches/filters.schemas.ts';
import type { Company } from '../corpus/corpus.types.ts';
import { ownValue } from '#shared/app/own-value.ts';

// Maps directory entries onto the spec's ten categories and flags structural risks, from the
// directory's own industry and tag labels.

const TAG_CATEGORY: [RegExp, Category][] = [
  [/food|beverage|restaurant|grocery|meal|recipe|nutrition/i, 'food'],
  [/travel|tourism|hospitality|leisure/i, 'travel'],
  [/climate|sustainab|energy|solar|carbon|recycl|cleantech|renewable|ev\b/i, 'sustainability'],
  [/gaming|entertainment|music|media|video|content|social|sports|virtual and augmented/i, 'entertainment'],
  [/e-?commerce|retail|marketplace|apparel|cosmetics|consumer goods|d2c|direct-to-consumer/i, 'ecommerce'],
  [/real estate|proptech|housing|construction|property/i, 'real-estate'],
  [/education|edtech|learning|tutor|school/i, 'education'],
  [/fintech|finance|payments|banking|insurance|lending|credit|accounting|invest|crypto|tax/i, 'finance'],
  [/health|medical|therapeut|biotech|diagnostic|clinic|pharma|wellness|care\b/i, 'healthcare'],
];

const INDUSTRY_CATEGORY: Record<string, Category> = {
  Healthcare: 'healthcare',
  Fintech: 'finance',
  Education: 'education',
  'Real Estate and Construction': 'real-estate',
};

/** One of the ten categories: the directory industry when it maps directly, else the first tag rule that fits. */
export function companyCategory(company: Pick<Company, 'industry' | 'subindustry' | 'tags'>): Category {
  const direct = ownValue(INDUSTRY_CATEGORY, company.industry);
  if (direct) return direct;
  const labels = `${company.subindustry} ${company.tags.join(' ')}`;
  for (const [pattern, category] of TAG_CATEGORY) if (pattern.test(labels)) return category;
  return 'technology';
}

export const RISK_FLAGS = ['hardware', 'regulated', 'two-sided marketplace'] as const;
export type RiskFlag = (typeof RISK_FLAGS)[number];

const RISK_PATTERNS: Record<RiskFlag, RegExp> = {
  hardware:
    /hardware|hard tech|robotics|medical devices|manufacturing|drones|consumer electronics|iot|3d printing|aviation|space/i,
  regulated:
    /insurance|banking|lending|therapeut|diagnostic|medical|pharma|biotech|healthcare|legal|compliance|government|defense|crypto/i,
  'two-sided marketplace': /marketplace/i,
};

/** Risk flags a company's own labels carry. */
export function companyRiskFlags(company: Company): RiskFlag[] {
  const labels = `${company.industry} ${company.subindustry} ${company.tags.join(' ')}`;
  return RISK_FLAGS.filter((flag) => RISK_PATTERNS[flag].test(labels));
}

/** True when a company's evidence date falls inside the filter's date range (inclusive). */
export function inDateRange(company: Company, range: { from: string | null; to: string | null }): boolean {
  if (range.from === null && range.to === null) return true;
  const date = evidenceDate(company);
  if (date === null) return false;
  if (range.from !== null && date < range.from) return false;
  if (range.to !== null && date > range.to) return false;
  return true;
}

/** The date a company's evidence is about: its launch, else the middle of its batch year. */
export function evidenceDate(company: Company): string | null {
  return company.launchedAt ?? (company.year !== null ? `${company.year}-07-01` : null);
}
