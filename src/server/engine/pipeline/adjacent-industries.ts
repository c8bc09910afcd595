import { naicsTitles } from '../corpus/naics-titles.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import { staffingIndustryOf } from './customer.ts';
import { STAFF_SHOWN, type CustomerIndustry } from './customer-industry.ts';
import { industryNames } from './industry-match.ts';
import { staffOf } from './staffing.ts';

// The same need for the customer's neighbours: the other industries of its NAICS subsector (offices
// of physicians and of other health practitioners beside offices of dentists), which share its names
// and customers, when their staff are also like the customer's (the cosine of the two BLS staffing
// patterns: the same workers, so the same jobs to be done). A neighbour of the subsector whose staff
// are unlike (machinery repair beside car washes, accounting beside law firms: one or two office
// occupations in common) is no segment worth offering. Industries of other subsectors were tried as
// neighbours by the same likeness and were not kept: the occupations every industry employs (cashiers,
// truck drivers, accountants) made gasoline stations a pharmacy's neighbour and oil and gas extraction
// an accounting firm's, with or without weighting occupations by how few industries employ them
// (docs/decisions/062-adjacent-by-staff.md). Each is a segment with its own establishments (Census CBP),
// its own staff (BLS) and the directory companies whose own text names it.

export type AdjacentIndustry = {
  /** Four-digit NAICS industry. */
  naics: string;
  title: string;
  establishments: number;
  /** The BLS staffing industry holding it, or null. */
  staffingCode: string | null;
  /**
   * How alike the two industries' staff are (cosine of their staffing shares, 0–1); null without staffing
   * data, or when the neighbour is counted inside the customer's own staffing industry (the same staff).
   */
  alike: number | null;
  /** How the NAICS index names it: heads of its items (stems), each said whole by a text that names it. */
  names: string[][];
};

/** Neighbours this small are not a market worth a row of their own. */
const MIN_ESTABLISHMENTS = 1000;
const MAX_ADJACENT = 3;
/** Likeness a neighbour needs (dentists–physicians 0.18, restaurants–bars 0.33; law–accounting 0.06 and car washes–machinery repair 0.13 fall short). */
export const MIN_ALIKE = 0.15;

function staffShares(index: EngineIndex, code: string): Map<string, number> {
  return new Map(staffOf(index.corpus.market!.staffing, code).map((m) => [m.soc, m.share]));
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dotted = 0;
  let na = 0;
  let nb = 0;
  for (const [k, v] of a) {
    dotted += v * (b.get(k) ?? 0);
    na += v * v;
  }
  for (const v of b.values()) nb += v * v;
  return na > 0 && nb > 0 ? dotted / Math.sqrt(na * nb) : 0;
}

/** The customer industry's neighbours worth a segment of their own, most alike first. */
export function adjacentIndustries(index: EngineIndex, industry: CustomerIndustry): AdjacentIndustry[] {
  const market = index.corpus.market;
  if (!market || industry.naics.length < 3) return [];
  const own = industry.naics.slice(0, 4);
  const subsector = industry.naics.slice(0, 3);
  const establishments = new Map<string, number>();
  for (const [code, count] of market.establishments)
    if (code.startsWith(subsector) && !code.startsWith(own))
      establishments.set(code.slice(0, 4), (establishments.get(code.slice(0, 4)) ?? 0) + count.establishments);
  const namesOf = industryNames(market);
  const titles = naicsTitles();
  const ownStaff = industry.code ? staffShares(index, industry.code) : null;
  const out: AdjacentIndustry[] = [];
  for (const [naics, count] of establishments) {
    const names = namesOf.get(naics) ?? [];
    if (count < MIN_ESTABLISHMENTS || names.length === 0) continue;
    const staffingCode = staffingIndustryOf(index, naics);
    // A neighbour counted inside the customer's own staffing industry has no staff of its own to compare.
    const alike =
      ownStaff && staffingCode && staffingCode !== industry.code
        ? cosine(ownStaff, staffShares(index, staffingCode))
        : null;
    if (alike !== null && alike < MIN_ALIKE) continue;
    out.push({ naics, title: titles.get(naics) ?? naics, establishments: count, staffingCode, alike, names });
  }
  return out
    .sort(
      (a, b) =>
        (b.alike ?? -1) - (a.alike ?? -1) || b.establishments - a.establishments || a.naics.localeCompare(b.naics),
    )
    .slice(0, MAX_ADJACENT);
}

/** The first name of the industry a text says every word of ("physician"; plurals and possessives are folded by stemming), or null. */
export function namedIn(terms: ReadonlySet<string>, names: readonly string[][]): string[] | null {
  return names.find((head) => head.every((w) => terms.has(w))) ?? null;
}

/** A neighbour of the customer's industry as a segment of its own: its establishments and staff. */
export function neighbourIndustry(
  index: EngineIndex,
  adjacent: AdjacentIndustry,
  of: CustomerIndustry,
): CustomerIndustry {
  const staffing = index.corpus.market!.staffing;
  const code = adjacent.staffingCode;
  return {
    code,
    staffingTitle: code ? (staffing.industryTitle.get(code) ?? null) : null,
    naics: adjacent.naics,
    title: adjacent.title,
    customer: null,
    share: null,
    named: null,
    employment: code ? (staffing.industryTotal.get(code) ?? 0) : 0,
    establishments: adjacent.establishments,
    staff: code ? staffOf(staffing, code).slice(0, STAFF_SHOWN) : [],
    adjacentTo: { naics: of.naics, title: of.title, alike: adjacent.alike },
  };
}
