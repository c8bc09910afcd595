import type { Company } from '../corpus/corpus.types.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import { coverageOf, groupWeight, matchStrength, type Candidate } from './retrieve.ts';
import type { ParsedQuery, TermGroup } from './parse-query.ts';

// Candidate cells of the market map: the query's own cell (offering × segment), its neighbours
// (the offering for everyone, other products for the same segment) and angles the retrieved
// companies themselves name in their directory tags.

export type CellKind = 'core' | 'offering-wide' | 'segment-other' | 'angle';

export type Cell = {
  kind: CellKind;
  offering: string;
  segment: string;
  /** Directory tag that defines an angle cell. */
  tag: string | null;
  /** Query groups that describe the cell, for demand and industry retrieval. */
  groups: TermGroup[];
  members: Candidate[];
  /** Share of the query's (rarity-weighted) words the cell's definition covers: 1 for the query's own cell. */
  definitionFit: number;
};

const MAX_MEMBERS = 15;
const MAX_CELLS = 8;
const MIN_ANGLE_MEMBERS = 2;
const FACET_MATCH = 0.35;
const HEADLESS_FIT = 0.5;
/** Coverage a company needs to count as part of the query's market. */
export const ELIGIBLE_COVERAGE = 0.3;
const NEIGHBOUR_POOL = 400;

// Tags that describe a business model or technology rather than a market.
const GENERIC_TAGS = new Set(
  [
    'B2B',
    'SaaS',
    'AI',
    'Artificial Intelligence',
    'Generative AI',
    'Machine Learning',
    'Consumer',
    'Enterprise',
    'Enterprise Software',
    'API',
    'Open Source',
    'Developer Tools',
    'Analytics',
    'Productivity',
    'AI Assistant',
    'Infrastructure',
    'Automation',
    'Workflow Automation',
    'Mobile',
    'Mobile Apps',
    'Big Data',
    'Data Science',
    'Deep Learning',
    'NLP',
    'Conversational AI',
    'AIOps',
    'Hard Tech',
    'Web3',
    'Crypto / Web3',
    'Cloud Computing',
    'Data Engineering',
    'Subscriptions',
    'Community',
    'Social',
    'Messaging',
    'India',
    'Latin America',
    'Africa',
    'Nonprofit',
  ].map((t) => t.toLowerCase()),
);

/**
 * How well a company fits one facet: its coverage of the facet's words, or 0 when it misses the
 * facet's most specific word with less than half of the facet's weight ("owners" alone does not
 * make a company serve "elderly owners").
 */
function facetFit(index: EngineIndex, candidate: Candidate, groups: readonly TermGroup[], facetIdx: number[]): number {
  if (facetIdx.length === 0) return 1;
  const subset = facetIdx.map((i) => groups[i]!);
  // The segment needs its head word: segment phrases pair one telling word with generic ones
  // ("elderly owners", "small law firms"). So does a two-word offering, usually a compound noun
  // ("meal kits": a test kit is not one); longer offerings spread their meaning over more words.
  const core = subset.filter((g) => g.facet !== 'keyword');
  const needsHead = core.some((g) => g.facet === 'segment') || core.length === 2;
  const head = (needsHead ? core : []).reduce<TermGroup | null>(
    (best, g) => (best === null || groupWeight(index, g) > groupWeight(index, best) ? g : best),
    null,
  );
  const terms = index.companyTerms[candidate.id]!;
  const { coverage } = coverageOf(index, terms, subset);
  if (head && coverage < HEADLESS_FIT && matchStrength(terms, head) === 0) return 0;
  return coverage;
}

function label(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function buildCells(index: EngineIndex, query: ParsedQuery, candidates: Candidate[]): Cell[] {
  const groups = query.groups;
  const offeringIdx = groups.flatMap((g, i) => (g.facet !== 'segment' ? [i] : []));
  const segmentIdx = groups.flatMap((g, i) => (g.facet === 'segment' ? [i] : []));
  const eligible = candidates.filter((c) => c.coverage >= ELIGIBLE_COVERAGE);
  // Neighbour cells judge companies on one facet only: a company serving the segment alone covers
  // little of the whole query ("rides for seniors" against "pet care for elderly owners").
  const pool = candidates.slice(0, NEIGHBOUR_POOL);
  const offeringText = label(query.offeringText);
  const segmentText = query.segmentText ? label(query.segmentText) : null;
  // Computed on demand (and once per company): eligible companies may rank below the pool.
  const fitCache = new Map<number, { offering: number; segment: number }>();
  const fit = (c: Candidate): { offering: number; segment: number } => {
    let f = fitCache.get(c.id);
    if (!f) {
      f = { offering: facetFit(index, c, groups, offeringIdx), segment: facetFit(index, c, groups, segmentIdx) };
      fitCache.set(c.id, f);
    }
    return f;
  };
  const cells: Cell[] = [];
  const totalWeight = groups.reduce((sum, g) => sum + groupWeight(index, g), 0);
  const share = (idx: number[]): number =>
    totalWeight > 0
      ? Math.round((idx.reduce((sum, i) => sum + groupWeight(index, groups[i]!), 0) / totalWeight) * 1000) / 1000
      : 0;
  const offeringGroups = offeringIdx.map((i) => groups[i]!);
  const segmentGroups = segmentIdx.map((i) => groups[i]!);

  const core = eligible.filter((c) => fit(c).offering >= FACET_MATCH && fit(c).segment >= FACET_MATCH);
  cells.push({
    kind: 'core',
    offering: offeringText,
    segment: segmentText ?? 'all customers',
    tag: null,
    groups: [...groups],
    members: core.slice(0, MAX_MEMBERS),
    definitionFit: 1,
  });
  if (segmentText) {
    const wide = pool.filter((c) => fit(c).offering >= FACET_MATCH && fit(c).segment < FACET_MATCH);
    if (wide.length > 0)
      cells.push({
        kind: 'offering-wide',
        offering: offeringText,
        segment: 'customers in general',
        tag: null,
        groups: offeringGroups,
        members: wide.slice(0, MAX_MEMBERS),
        definitionFit: share(offeringIdx),
      });
    const other = pool.filter((c) => fit(c).segment >= FACET_MATCH && fit(c).offering < FACET_MATCH);
    if (other.length > 0)
      cells.push({
        kind: 'segment-other',
        offering: `other products`,
        segment: segmentText,
        tag: null,
        groups: segmentGroups,
        members: other.slice(0, MAX_MEMBERS),
        definitionFit: share(segmentIdx),
      });
  }

  // Angles: tags carried by the most relevant companies, weighted by their retrieval score.
  const queryWords = new Set(groups.flatMap((g) => [g.word, ...g.synonyms]));
  const tagWeight = new Map<string, number>();
  for (const c of eligible.slice(0, 60)) {
    for (const tag of index.corpus.companies[c.id]!.tags) {
      const lower = tag.toLowerCase();
      if (GENERIC_TAGS.has(lower)) continue;
      tagWeight.set(tag, (tagWeight.get(tag) ?? 0) + c.score);
    }
  }
  const tags = [...tagWeight.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const seen = new Set(cells.map((c) => memberKey(c.members)));
  for (const [tag] of tags) {
    if (cells.length >= MAX_CELLS) break;
    const tagWords = tag
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    // A tag that only restates the query ("Pets" for "pet care") is not a new angle.
    if (tagWords.every((w) => [...queryWords].some((q) => q === w || (q.length >= 5 && w.startsWith(q.slice(0, 5))))))
      continue;
    // An angle serves the offering or the segment: its companies carry the tag and fit that facet.
    const tagged = pool.filter((c) => hasTag(index.corpus.companies[c.id]!, tag));
    const onOffering = tagged.filter((m) => fit(m).offering >= FACET_MATCH);
    const onSegment = segmentText ? tagged.filter((m) => fit(m).segment >= FACET_MATCH) : [];
    const forSegment = onSegment.length > onOffering.length;
    const members = forSegment ? onSegment : onOffering;
    if (members.length < MIN_ANGLE_MEMBERS) continue;
    const shown = members.slice(0, MAX_MEMBERS);
    const key = memberKey(shown);
    if (seen.has(key)) continue;
    seen.add(key);
    const alsoSegment = !forSegment && segmentText !== null && shown.every((m) => fit(m).segment >= FACET_MATCH);
    cells.push({
      kind: 'angle',
      offering: forSegment ? tag : `${offeringText} (${tag})`,
      segment: forSegment || alsoSegment ? segmentText! : 'all customers',
      tag,
      // Demand and industry context come from the facet the angle serves, not from the tag.
      groups: forSegment ? segmentGroups : offeringGroups,
      members: shown,
      definitionFit: forSegment ? share(segmentIdx) : alsoSegment ? 1 : share(offeringIdx),
    });
  }
  return cells;
}

function hasTag(company: Company, tag: string): boolean {
  return company.tags.includes(tag);
}

function memberKey(members: Candidate[]): string {
  return members.map((m) => m.id).join(',');
}
