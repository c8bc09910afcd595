import type { EngineIndex } from '../index/engine-index.ts';
import { socBase } from '../corpus/load-datasets.ts';
import type { OccupationFit } from './occupation-match.ts';
import { homeIndustry, staffOf, type StaffMember } from './staffing.ts';

// Who buys, counted: when the query's customer is a practitioner who mostly works in one industry
// (dentists in offices of dentists, lawyers in legal services), that industry is the customer — with
// how many establishments it has (Census CBP 2021) and whom it employs (BLS staffing matrix). No
// customer occupation, or one spread across many industries: no industry is claimed.

export type CustomerIndustry = {
  /** BLS industry code (NAICS padded with zeros: 621200). */
  code: string;
  /** The NAICS prefix the code stands for ("6212"). */
  naics: string;
  title: string;
  /** The customer occupation the industry was found from, and the share of it working there. */
  customer: OccupationFit;
  share: number;
  employment: number;
  /** Establishments in the U.S. (sum of the six-digit industries under the prefix); null when CBP has none. */
  establishments: number | null;
  /** The industry's largest occupations. */
  staff: StaffMember[];
};

const STAFF_SHOWN = 3;

export function customerIndustry(index: EngineIndex, occupations: readonly OccupationFit[]): CustomerIndustry | null {
  const market = index.corpus.market;
  const customer = occupations.find((o) => o.role === 'customer');
  if (!market || !customer) return null;
  const home = homeIndustry(market.staffing, socBase(customer.occupation.soc));
  if (!home) return null;
  const naics = home.code.replace(/0+$/, '');
  let establishments: number | null = null;
  for (const [code, count] of market.establishments)
    if (code.startsWith(naics)) establishments = (establishments ?? 0) + count.establishments;
  return {
    code: home.code,
    naics,
    title: home.title,
    customer,
    share: home.share,
    employment: market.staffing.industryTotal.get(home.code) ?? 0,
    establishments,
    staff: staffOf(market.staffing, home.code).slice(0, STAFF_SHOWN),
  };
}
