import type { Staffing } from '../corpus/market-data.types.ts';

// Who works where, from the BLS staffing matrix: the industry an occupation mostly works in (dentists
// → offices of dentists) and whom that industry employs (its hygienists, assistants, receptionists).
// A customer named by its practitioners ("dental practices" → dentists) is an industry, and the
// people whose job a product for that customer does are that industry's staff.

export type HomeIndustry = {
  code: string;
  title: string;
  /** Share of the occupation's employment that works in this industry (0–1). */
  share: number;
};

export type StaffMember = {
  /** Six-character SOC ("43-4171"). */
  soc: string;
  title: string;
  employment: number;
  /** Share of the industry's employment (0–1). */
  share: number;
  /** Share in the industry over share in the whole economy: above 1, the industry relies on this work more than most. */
  concentration: number;
};

/** An industry must hold at least this share of an occupation to be its home. */
export const HOME_SHARE = 0.25;

/**
 * The matrix's code for an occupation (six-character SOC): its own, or the SOC 2010 code it was bridged
 * to (corpus/soc-aliases.ts) — software developers, 15-1252, are 15-1132 in the matrix.
 */
export function staffingSoc(staffing: Staffing, soc: string): string {
  return staffing.national.has(soc) ? soc : (staffing.aliases.get(soc) ?? soc);
}

const homes = new WeakMap<Staffing, Map<string, HomeIndustry | null>>();

/** The industry holding the largest part of an occupation's employment, when it holds a real part of it. */
export function homeIndustry(staffing: Staffing, soc: string): HomeIndustry | null {
  let cache = homes.get(staffing);
  if (!cache) {
    cache = new Map();
    homes.set(staffing, cache);
  }
  if (cache.has(soc)) return cache.get(soc)!;
  const home = homeOf(staffing, staffingSoc(staffing, soc));
  cache.set(soc, home);
  return home;
}

function homeOf(staffing: Staffing, soc: string): HomeIndustry | null {
  const national = staffing.national.get(soc) ?? 0;
  // The most specific industry holding a home's share: a line item (offices of dentists), else the
  // four-digit industry whose line items split the trade (food service managers: restaurants and other
  // eating places, not full- or limited-service alone).
  let best: HomeIndustry | null = null;
  const specificity = (code: string): number => code.replace(/0+$/, '').length;
  if (national > 0) {
    for (const [code, staff] of staffing.byIndustry) {
      const cell = staff.find((s) => s.soc === soc);
      if (!cell) continue;
      const share = cell.employment / national;
      if (share < HOME_SHARE) continue;
      const better =
        !best ||
        specificity(code) > specificity(best.code) ||
        (specificity(code) === specificity(best.code) &&
          (share > best.share || (share === best.share && code < best.code)));
      if (better) best = { code, title: staffing.industryTitle.get(code) ?? code, share };
    }
  }
  return best;
}

/** An industry's staff, largest share first. */
export function staffOf(staffing: Staffing, industry: string): StaffMember[] {
  const total = staffing.industryTotal.get(industry) ?? 0;
  if (total <= 0) return [];
  return (staffing.byIndustry.get(industry) ?? [])
    .map((s) => {
      const share = s.employment / total;
      const nationalShare = (staffing.national.get(s.soc) ?? 0) / staffing.nationalTotal;
      return { ...s, share, concentration: nationalShare > 0 ? share / nationalShare : 0 };
    })
    .sort((a, b) => b.share - a.share || a.soc.localeCompare(b.soc));
}

/**
 * Who can buy for an industry: its managers (SOC 11), and the licensed or degreed practitioners who run
 * its firms — financial specialists (13-2: accountants, underwriters, loan officers), architects and
 * surveyors (17-1), engineers (17-2), lawyers (23-1) and health practitioners (29-1). Not their
 * technicians, clerks or assistants.
 */
const BUYER_SOC = /^(11-|13-2|17-[12]|23-1|29-1)/;
const BUYER_MIN_SHARE = 0.005;
const BUYER_MIN_CONCENTRATION = 5;

/**
 * Who buys for an industry: among the managers and practitioners it relies on far more than the whole
 * economy does, the one it employs most beyond that rate (share × (1 − 1/concentration)): general
 * dentists for offices of dentists (10.7 % of the staff), not orthodontists, rarer still in the
 * economy but 0.5 % of it; accountants for accounting firms, food service managers for restaurants.
 * `named` puts first the ones the query itself names ("architecture firms": architects, among the
 * civil engineers and managers of engineering services).
 */
export function industryBuyer(
  staffing: Staffing,
  industry: string,
  named: (soc: string) => boolean = () => false,
): StaffMember | null {
  const excess = (m: StaffMember): number => m.share * (1 - 1 / m.concentration);
  return (
    staffOf(staffing, industry)
      .filter((m) => m.share >= BUYER_MIN_SHARE && m.concentration >= BUYER_MIN_CONCENTRATION && BUYER_SOC.test(m.soc))
      .sort(
        (a, b) => Number(named(b.soc)) - Number(named(a.soc)) || excess(b) - excess(a) || a.soc.localeCompare(b.soc),
      )[0] ?? null
  );
}
