import type { EngineIndex } from '../index/engine-index.ts';
import { socBase } from '../corpus/load-datasets.ts';
import { naicsTitles } from '../corpus/naics-titles.ts';
import type { CustomerReading } from './customer.ts';
import type { IndustryMatch } from './industry-match.ts';
import type { OccupationFit } from './occupation-match.ts';
import { homeIndustry, staffOf, type StaffMember } from './staffing.ts';

// Who buys, counted: when the query's customer is a practitioner who mostly works in one industry
// (dentists in offices of dentists, lawyers in legal services), that industry is the customer — with
// how many establishments it has (Census CBP 2021) and whom it employs (BLS staffing matrix). A
// customer the query names as a kind of business ("our law firm") is that industry, read from the
// NAICS index. No customer occupation, or one spread across many industries: no industry is claimed.

export type CustomerIndustry = {
  /** BLS staffing industry code (NAICS padded with zeros: 621200); null when the matrix has none for it. */
  code: string | null;
  /** The staffing industry's own title (employment and staff are counted there): "Legal services". */
  staffingTitle: string | null;
  /** The NAICS code or prefix cited ("6212", "541110"). */
  naics: string;
  title: string;
  /** The customer occupation, and the share of it working in this industry (null when it was named by the query). */
  customer: OccupationFit | null;
  share: number | null;
  /** The NAICS index items the query's customer phrase matched, when the query named the industry. */
  named: IndustryMatch | null;
  employment: number;
  /** Establishments in the U.S. (sum of the six-digit industries under the prefix); null when CBP has none. */
  establishments: number | null;
  /** The industry's largest occupations. */
  staff: StaffMember[];
  /** Set when this is a neighbour of the query's customer industry, not the customer itself. */
  adjacentTo?: { naics: string; title: string; alike: number | null };
};

export const STAFF_SHOWN = 3;

function establishmentsUnder(index: EngineIndex, naics: string): number | null {
  let establishments: number | null = null;
  for (const [code, count] of index.corpus.market!.establishments)
    if (code.startsWith(naics)) establishments = (establishments ?? 0) + count.establishments;
  return establishments;
}

export function customerIndustry(
  index: EngineIndex,
  occupations: readonly OccupationFit[],
  reading: CustomerReading | null = null,
): CustomerIndustry | null {
  const market = index.corpus.market;
  if (!market) return null;
  const customer = occupations.find((o) => o.role === 'customer') ?? null;
  const named = reading?.industry ?? null;
  if (named) {
    const code = reading!.staffingCode;
    const home = customer ? homeIndustry(market.staffing, socBase(customer.occupation.soc)) : null;
    return {
      code,
      staffingTitle: code ? (market.staffing.industryTitle.get(code) ?? null) : null,
      naics: named.naics,
      title:
        naicsTitles().get(named.naics) ?? (code ? market.staffing.industryTitle.get(code) : null) ?? named.items[0]!,
      customer,
      share: home && home.code === code ? home.share : null,
      named,
      employment: code ? (market.staffing.industryTotal.get(code) ?? 0) : 0,
      establishments: establishmentsUnder(index, named.naics),
      staff: code ? staffOf(market.staffing, code).slice(0, STAFF_SHOWN) : [],
    };
  }
  if (!customer) return null;
  const home = homeIndustry(market.staffing, socBase(customer.occupation.soc));
  if (!home) return null;
  const naics = home.code.replace(/0+$/, '');
  return {
    code: home.code,
    staffingTitle: home.title,
    naics,
    title: home.title,
    customer,
    share: home.share,
    named: null,
    employment: market.staffing.industryTotal.get(home.code) ?? 0,
    establishments: establishmentsUnder(index, naics),
    staff: staffOf(market.staffing, home.code).slice(0, STAFF_SHOWN),
  };
}
