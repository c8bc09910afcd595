import { socBase } from '../corpus/load-datasets.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import { homeIndustry, industryBuyer, staffingSoc, staffOf } from './staffing.ts';

// From an industry to the occupations an analysis cites (corpus ids): its staff, the industry the
// near customer candidates agree they work in, and who buys for it (occupation-match.ts).

/** Staff below this share of the customer's industry are too few to be the product's users. */
const STAFF_MIN_SHARE = 0.01;
const MIN_VOTERS = 2;
/** A single voter must be at least this share of the industry's employees. */
const CORE_STAFF_SHARE = 0.1;

/** The occupations (corpus ids) on the staff of an industry. */
export function industryStaff(index: EngineIndex, industry: string): Set<number> {
  const staffing = index.corpus.market?.staffing;
  if (!staffing) return new Set();
  const socs = new Set(
    staffOf(staffing, industry)
      .filter((m) => m.share >= STAFF_MIN_SHARE)
      .map((m) => m.soc),
  );
  const out = new Set<number>();
  index.corpus.occupations.forEach((o, id) => {
    if (socs.has(staffingSoc(staffing, socBase(o.soc)))) out.add(id);
  });
  return out;
}

/**
 * The industry the near customer candidates work in, weighted by fit. One candidate's home counts only
 * when that candidate is a large part of the industry's staff (hairdressers are 44 % of personal care
 * services); otherwise two must agree — "driver/sales workers" at home in restaurants does not make
 * van drivers a restaurant market.
 */
export function voteIndustry(
  index: EngineIndex,
  near: { o: number; fit: number }[],
): { code: string; fit: number } | null {
  const staffing = index.corpus.market!.staffing;
  const votes = new Map<string, { sum: number; fit: number; voters: string[] }>();
  for (const { o, fit } of near) {
    const soc = socBase(index.corpus.occupations[o]!.soc);
    const home = homeIndustry(staffing, soc);
    if (!home) continue;
    const v = votes.get(home.code) ?? { sum: 0, fit: 0, voters: [] };
    votes.set(home.code, { sum: v.sum + fit, fit: Math.max(v.fit, fit), voters: [...v.voters, soc] });
  }
  const best = [...votes].sort((a, b) => b[1].sum - a[1].sum || b[1].fit - a[1].fit || a[0].localeCompare(b[0]))[0];
  if (!best) return null;
  const [code, vote] = best;
  const core = (soc: string): boolean =>
    (staffOf(staffing, code).find((m) => m.soc === staffingSoc(staffing, soc))?.share ?? 0) >= CORE_STAFF_SHARE;
  if (vote.voters.length < MIN_VOTERS && !vote.voters.some(core)) return null;
  return { code, fit: vote.fit };
}

/**
 * The buyer of an industry (staffing.ts industryBuyer) as an occupation of the corpus; `named` (corpus
 * ids) puts first a buyer whose titles the query names.
 */
export function buyerOf(
  index: EngineIndex,
  industry: string,
  named: (o: number) => boolean = () => false,
): number | null {
  const occupations = index.corpus.occupations;
  const staffing = index.corpus.market!.staffing;
  // A matrix code is an occupation's own, else one it was bridged to (the first of several renumbered into it).
  const idOf = (soc: string): number => {
    const own = occupations.findIndex((o) => socBase(o.soc) === soc);
    return own >= 0 ? own : occupations.findIndex((o) => staffingSoc(staffing, socBase(o.soc)) === soc);
  };
  const buyer = industryBuyer(staffing, industry, (soc) => {
    const id = idOf(soc);
    return id >= 0 && named(id);
  });
  if (!buyer) return null;
  const id = idOf(buyer.soc);
  return id >= 0 ? id : null;
}

/** Without a manager or practitioner to buy, the near candidate that makes up most of the industry's staff (hairdressers in a salon). */
export function practitionerOf(
  index: EngineIndex,
  industry: string,
  near: { o: number; fit: number }[],
): number | null {
  const staffing = index.corpus.market!.staffing;
  const share = new Map(staffOf(staffing, industry).map((m) => [m.soc, m.share]));
  const best = near
    .filter(({ o }) => homeIndustry(staffing, socBase(index.corpus.occupations[o]!.soc))?.code === industry)
    .sort(
      (a, b) =>
        (share.get(staffingSoc(staffing, socBase(index.corpus.occupations[b.o]!.soc))) ?? 0) -
          (share.get(staffingSoc(staffing, socBase(index.corpus.occupations[a.o]!.soc))) ?? 0) || a.o - b.o,
    )[0];
  return best ? best.o : null;
}
