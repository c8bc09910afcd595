import type { Evidence, EvidenceSource } from '#shared/engine/analysis.schemas.ts';
import { socBase } from '../corpus/load-datasets.ts';
import type { Corpus } from '../corpus/corpus.types.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import type { OccupationFit } from './occupation-match.ts';
import { homeIndustry } from './staffing.ts';

// Incumbents beyond the directory: the software O*NET says the cited occupations already use.
// Specific products come first (Dentrix says more about this work than QuickBooks), Hot Technologies
// first among them — but a specific product belongs to the industries its users work in: O*NET lists
// Dentrix for office supervisors because some supervise dental offices, and that does not make it
// the software of a consulting firm's office.

const MAX_INCUMBENTS = 5;
/** A product O*NET lists for at most this many occupations is specific to the work. */
export const SPECIFIC_PRODUCT = 5;

type ProductFacts = { users: Map<string, number>; homes: Map<string, Set<string>> };
const facts = new WeakMap<Corpus, ProductFacts>();

function productFacts(corpus: Corpus): ProductFacts {
  let found = facts.get(corpus);
  if (found) return found;
  const users = new Map<string, number>();
  const homes = new Map<string, Set<string>>();
  const staffing = corpus.market?.staffing;
  for (const [soc, skills] of corpus.techBySoc) {
    const home = staffing ? homeIndustry(staffing, socBase(soc)) : null;
    for (const product of new Set(skills.map((t) => t.product))) {
      users.set(product, (users.get(product) ?? 0) + 1);
      if (home) homes.set(product, (homes.get(product) ?? new Set()).add(home.code.replace(/0+$/, '')));
    }
  }
  found = { users, homes };
  facts.set(corpus, found);
  return found;
}

/** How many occupations O*NET lists each product for (computed once per index). */
export function productUsers(index: EngineIndex): Map<string, number> {
  return productFacts(index.corpus).users;
}

/**
 * Whether a product can be the software of work in `naics` (a code or prefix): a product used by
 * many occupations can; a specific one only when one of its users is at home in that industry or
 * none of them is at home anywhere (nothing says where it belongs).
 */
export function productFitsIndustry(corpus: Corpus, product: string, naics: string | null): boolean {
  const { users, homes } = productFacts(corpus);
  if (!naics || (users.get(product) ?? 0) > SPECIFIC_PRODUCT) return true;
  const at = homes.get(product);
  if (!at) return true;
  return [...at].some((home) => home.startsWith(naics) || naics.startsWith(home));
}

export function incumbentEvidence(
  index: EngineIndex,
  occupations: readonly OccupationFit[],
  industryNaics: string | null,
  source: EvidenceSource,
): Evidence[] {
  const users = productUsers(index);
  const specific = (product: string): number => Number((users.get(product) ?? 0) > SPECIFIC_PRODUCT);
  const candidates = occupations
    .flatMap((o) =>
      (index.corpus.techBySoc.get(o.occupation.soc) ?? [])
        .filter(
          (t) => !index.genericProducts.has(t.product) && productFitsIndustry(index.corpus, t.product, industryNaics),
        )
        .map((t) => ({ t, o })),
    )
    .sort(
      (a, b) =>
        specific(a.t.product) - specific(b.t.product) ||
        Number(b.t.isHot) - Number(a.t.isHot) ||
        (users.get(a.t.product) ?? 0) - (users.get(b.t.product) ?? 0) ||
        a.t.product.localeCompare(b.t.product),
    );
  const seen = new Set<string>();
  const evidence: Evidence[] = [];
  for (const { t, o } of candidates) {
    if (seen.size >= MAX_INCUMBENTS) break;
    if (seen.has(t.product)) continue;
    seen.add(t.product);
    evidence.push({
      id: `onet:${o.occupation.soc}:tech:${seen.size - 1}`,
      source,
      ref: o.occupation.soc,
      value: t.product,
      note: `Software already used in this work (O*NET): ${t.commodity}, used by ${o.occupation.title}${t.isHot ? ' (Hot Technology)' : ''}`,
    });
  }
  return evidence;
}
