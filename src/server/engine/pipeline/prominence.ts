import type { Company } from '../corpus/corpus.types.ts';
import type { CompanyMatch } from './company-match.ts';

// Which competitors a founder meets first. Every company listed has passed the competitor bar on
// closeness alone (company-match.ts); among those, the established ones — a large team, YC's own
// top-company flag — are the ones the founder will be measured against, so closeness ranks them
// and standing moves the known name ahead of a nearly-as-close unknown one. A company the directory
// marks inactive has no standing: it is evidence of a failed attempt, not the market's leader.
// Standing orders the list; it never lets a company in (docs/decisions/054).

/** The most closeness standing can outweigh: a company of 1,000 people, or a top company. */
export const STANDING_WEIGHT = 0.06;
const FULL_TEAM = 1_000;

/** 0–1: the company's standing, from what the directory says of it (team size on a log scale). */
export function standing(company: Pick<Company, 'status' | 'topCompany' | 'teamSize'>): number {
  if (company.status === 'Inactive') return 0;
  if (company.topCompany) return 1;
  const size = Math.max(0, company.teamSize ?? 0);
  return Math.min(1, Math.log10(1 + size) / Math.log10(1 + FULL_TEAM));
}

/** Competitors in the order a founder should meet them: closeness (`score`) plus standing, ties by id. */
export function byStanding<T extends { m: Pick<CompanyMatch, 'id'>; score: number }>(
  companies: readonly Company[],
  scored: readonly T[],
): T[] {
  const key = (s: T): number => s.score + STANDING_WEIGHT * standing(companies[s.m.id]!);
  return [...scored].sort((a, b) => key(b) - key(a) || a.m.id - b.m.id);
}
