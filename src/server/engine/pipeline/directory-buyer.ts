import type { EngineIndex } from '../index/engine-index.ts';
import BUYER_TAGS from './buyer-tags.json' with { type: 'json' };
import { COMPETES, type CompanyMatch } from './company-match.ts';

// Who buys, as the directory files the companies doing the job: when most of the closest competitors
// carry a tag that names their buyer ("Developer Tools": software developers; "LegalTech": lawyers),
// that buyer is the query's customer, even when the query names none ("our GitHub Actions builds take
// 40 minutes"). The tags and their buyers are data (buyer-tags.json); a tag whose companies sell to
// several kinds of buyer names none. Only the query's own customer outranks this (analyze.ts).

/** The closest competitors read, and how many of them must agree (at least half, and never fewer than this). */
const CLOSEST = 8;
export const MIN_AGREEING = 3;

export type DirectoryBuyer = {
  /** O*NET-SOC code of the buyer ("15-1252.00"). */
  soc: string;
  /** The buyer's tags the agreeing companies carry, most carried first. */
  tags: string[];
  agreeing: number;
  /** How many companies were read. */
  of: number;
};

const BUYER_OF_TAG = new Map<string, string>(BUYER_TAGS.tags.map((t) => [t.tag, t.buyer]));

/** The buyer named by the tags of at least half of these companies (each company's tag lists), or null. */
export function buyerOfTags(companies: readonly (readonly string[])[]): DirectoryBuyer | null {
  const votes = new Map<string, { agreeing: number; tags: Map<string, number> }>();
  for (const tags of companies) {
    const named = new Map<string, string[]>();
    for (const tag of new Set(tags)) {
      const buyer = BUYER_OF_TAG.get(tag);
      if (buyer) named.set(buyer, [...(named.get(buyer) ?? []), tag]);
    }
    for (const [buyer, own] of named) {
      const vote = votes.get(buyer) ?? { agreeing: 0, tags: new Map<string, number>() };
      vote.agreeing++;
      for (const tag of own) vote.tags.set(tag, (vote.tags.get(tag) ?? 0) + 1);
      votes.set(buyer, vote);
    }
  }
  const [best, second] = [...votes].sort((a, b) => b[1].agreeing - a[1].agreeing || a[0].localeCompare(b[0]));
  if (!best) return null;
  const [soc, vote] = best;
  if (vote.agreeing < MIN_AGREEING || 2 * vote.agreeing < companies.length) return null;
  // Two buyers each on half the companies: the directory does not say which.
  if (second && second[1].agreeing === vote.agreeing) return null;
  const tags = [...vote.tags].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([tag]) => tag);
  return { soc, tags, agreeing: vote.agreeing, of: companies.length };
}

/** The buyer the tags of the query's closest competitors name (those doing its job, by relevance). */
export function directoryBuyer(index: EngineIndex, matches: readonly CompanyMatch[]): DirectoryBuyer | null {
  const closest = matches.filter((m) => m.doesJob && m.relevance >= COMPETES).slice(0, CLOSEST);
  return buyerOfTags(closest.map((m) => index.corpus.companies[m.id]!.tags));
}
