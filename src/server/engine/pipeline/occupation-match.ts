import type { Occupation, Projection } from '../corpus/corpus.types.ts';
import { socBase } from '../corpus/load-datasets.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import { words } from '../text/tokenize.ts';
import { dot, FORM_WORDS, type QueryVectors } from './query-vectors.ts';
import { groupWeight, matchStrength, retrieveOccupations } from './retrieve.ts';
import type { ParsedQuery } from './parse-query.ts';
import type { CustomerReading } from './customer.ts';
import type { DirectoryBuyer } from './directory-buyer.ts';
import { homeIndustry } from './staffing.ts';
import { taskAnchored } from './task-anchor.ts';
import { buyerOf, industryStaff, practitionerOf, voteIndustry } from './industry-occupations.ts';

// Demand by meaning: the occupations an analysis cites, each with its role. Customers are the
// people the query names as buyers ("dental practices" → dentists); workers are the people whose
// job the product does or supports ("front desk" → receptionists). Each occupation is matched on
// its title, every title people report for it, its description and its tasks, and judged against
// the whole query as well as its facet: a wrong occupation is worse than none, so below the bar
// nothing is cited.

export type OccupationRole = 'customer' | 'worker';

export type OccupationFit = {
  id: number;
  occupation: Occupation;
  projection: Projection;
  role: OccupationRole;
  /** 0–1: how well the occupation fits its role in this query. */
  fit: number;
  /** The title (official or reported) that matched best, shown as the reason. */
  matchedTitle: string;
  /** Why it is cited when no title of it matched the query (the directory's buyer). */
  basis?: string;
};

export const CUSTOMER_BAR = 0.65;
export const WORKER_BAR = 0.6;
const NEAR_BEST = 0.04;
const MAX_PER_ROLE = 1;
const LEXICAL_MIN_COVERAGE = 0.25;
const TASK_DISCOUNT = 0.06;
/** Customers are the people who buy: practitioners, owners and managers rather than assistants. */
const BUYER_PRIOR = 0.04;
const BUYER_MAJOR_GROUPS = new Set(['11', '13', '15', '17', '19', '21', '23', '25', '27', '29']);
const ANCHOR_PREFIX = 5;
/** A member of the customer's staff is a likelier worker than an occupation met by its title alone. */
const STAFF_BONUS = 0.05;
/** Customer candidates this close to the bar vote for the industry they work in. */
const VOTE_MARGIN = 0.08;
const MAX_ANCHOR_SHARE = 0.03;

const prefixSets = new WeakMap<EngineIndex, Set<string>[]>();
/** Each occupation's title word prefixes (official and reported titles), computed once per index. */
function titlePrefixes(index: EngineIndex): Set<string>[] {
  let sets = prefixSets.get(index);
  if (!sets) {
    sets = index.corpus.occupations.map(
      (o) =>
        new Set(
          [o.title, ...o.altTitles].flatMap((t) =>
            words(t)
              .filter((w) => w.length >= 3)
              .map((w) => w.slice(0, ANCHOR_PREFIX)),
          ),
        ),
    );
    prefixSets.set(index, sets);
  }
  return sets;
}

const prefixShares = new WeakMap<EngineIndex, Map<string, number>>();
/** Share of occupations whose titles (official or reported) hold a word starting with each prefix. */
function titlePrefixShare(index: EngineIndex): Map<string, number> {
  let shares = prefixShares.get(index);
  if (!shares) {
    const counts = new Map<string, number>();
    for (const o of index.corpus.occupations) {
      const prefixes = new Set(
        [o.title, ...o.altTitles].flatMap((t) =>
          words(t)
            .filter((w) => w.length >= 3)
            .map((w) => w.slice(0, ANCHOR_PREFIX)),
        ),
      );
      for (const p of prefixes) counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    const n = Math.max(1, index.corpus.occupations.length);
    shares = new Map([...counts].map(([p, c]) => [p, c / n]));
    prefixShares.set(index, shares);
  }
  return shares;
}

type Scores = { best: Map<number, number>; title: Map<number, number>; titleRow: Map<number, number> };

type Ranges = { titles: Int32Array; tasks: Int32Array };
const rangeCache = new WeakMap<EngineIndex, Ranges>();

/** Row ranges per occupation in the titles and tasks sets (rows are grouped by owner): [start, end) pairs. */
function rowRanges(index: EngineIndex): Ranges {
  let ranges = rangeCache.get(index);
  if (!ranges) {
    const n = index.corpus.occupations.length;
    const of = (owners: Int32Array): Int32Array => {
      const out = new Int32Array(2 * n).fill(0);
      for (let r = owners.length - 1; r >= 0; r--) out[2 * owners[r]!] = r;
      for (let r = 0; r < owners.length; r++) out[2 * owners[r]! + 1] = r + 1;
      return out;
    };
    const sets = index.semantic.sets!;
    ranges = { titles: of(sets.titles.owners), tasks: of(sets.tasks.owners) };
    rangeCache.set(index, ranges);
  }
  return ranges;
}

/** Scores only the candidate occupations: their titles, description and tasks against one vector. */
function scoreAll(index: EngineIndex, v: Float32Array, candidates: readonly number[]): Scores {
  const sets = index.semantic.sets!;
  const ranges = rowRanges(index);
  const scores: Scores = { best: new Map(), title: new Map(), titleRow: new Map() };
  for (const o of candidates) {
    let title = -1;
    let titleRow = -1;
    for (let r = ranges.titles[2 * o]!; r < ranges.titles[2 * o + 1]!; r++) {
      const s = dot(v, sets.titles.vectors, r * sets.titles.dimensions);
      if (s > title) {
        title = s;
        titleRow = r;
      }
    }
    let task = -1;
    for (let r = ranges.tasks[2 * o]!; r < ranges.tasks[2 * o + 1]!; r++)
      task = Math.max(task, dot(v, sets.tasks.vectors, r * sets.tasks.dimensions));
    const described = dot(v, sets.occupations.vectors, o * sets.occupations.dimensions);
    // Tasks are many and loosely worded: they support a match but weigh less than titles.
    scores.best.set(o, Math.max(title, described, task - TASK_DISCOUNT));
    scores.title.set(o, title);
    scores.titleRow.set(o, titleRow);
  }
  return scores;
}

function titleOf(index: EngineIndex, scores: Scores, o: number): string {
  const occupation = index.corpus.occupations[o]!;
  const row = scores.titleRow.get(o) ?? -1;
  if (row < 0) return occupation.title;
  // Rows of the titles set follow occupationTitles(): recover the text by counting rows per owner.
  const sets = index.semantic.sets!;
  let first = row;
  while (first > 0 && sets.titles.owners[first - 1] === o) first--;
  const titles = [occupation.title, ...occupation.altTitles];
  const seen = new Set<string>();
  const unique = titles.filter((t) => {
    const k = t.replace(/\s+/g, ' ').trim().toLowerCase();
    if (k.length === 0 || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return unique[row - first] ?? occupation.title;
}

export function matchOccupations(
  index: EngineIndex,
  query: ParsedQuery,
  vectors: QueryVectors | null,
  customer: CustomerReading | null = null,
): OccupationFit[] {
  const corpus = index.corpus;
  const withProjection = (o: number): Projection | undefined =>
    corpus.projections.get(socBase(corpus.occupations[o]!.soc));
  if (!vectors || !index.semantic.sets) return lexicalOccupations(index, query);

  // Meaning proposes, words confirm: an occupation is cited only when one of its titles shares a
  // word (or a word's first letters: "veterinary" → "veterinarian") with the query.
  const queryPrefixes = new Set(
    query.groups
      .flatMap((g) => [g.word, ...g.synonyms])
      .filter((w) => w.length >= 3 && !FORM_WORDS.has(w))
      .map((w) => w.slice(0, ANCHOR_PREFIX)),
  );
  // A prefix shared by many occupations' titles ("manag", "opera", "contr") anchors nothing.
  // (On a tiny corpus every prefix is a large share: a prefix of a single occupation always anchors.)
  const maxShare = Math.max(MAX_ANCHOR_SHARE, 1.5 / Math.max(1, corpus.occupations.length));
  const specific = new Set([...queryPrefixes].filter((p) => (titlePrefixShare(index).get(p) ?? 0) <= maxShare));
  const prefixesOf = titlePrefixes(index);
  const byTask = taskAnchored(corpus, query);
  const anchored = (o: number): boolean => {
    if (byTask.has(o)) return true;
    for (const p of prefixesOf[o]!) if (specific.has(p)) return true;
    return false;
  };
  // Among an industry's few buyers, a word of the customer the query names, in an official title, tells
  // them apart ("architecture firms": architects rather than the civil engineers of the same firms).
  const customerPrefixes = new Set(
    query.groups
      .filter((g) => g.facet === 'segment')
      .flatMap((g) => [g.word, ...g.synonyms])
      .filter((w) => w.length >= 3)
      .map((w) => w.slice(0, ANCHOR_PREFIX)),
  );
  const titled = (o: number): boolean =>
    words(corpus.occupations[o]!.title).some((w) => customerPrefixes.has(w.slice(0, ANCHOR_PREFIX)));
  const pool: number[] = [];
  for (let o = 0; o < corpus.occupations.length; o++) if (withProjection(o) && anchored(o)) pool.push(o);
  const full = scoreAll(index, vectors.full, pool);
  const candidates: OccupationFit[] = [];
  const rank = (
    role: OccupationRole,
    scores: Scores,
    fullScores: Scores,
    members: readonly number[],
    bar: number,
    bonus: (o: number) => number,
  ): void => {
    const ranked: { o: number; fit: number }[] = [];
    for (const o of members) {
      const prior =
        role === 'customer' && BUYER_MAJOR_GROUPS.has(corpus.occupations[o]!.soc.slice(0, 2)) ? BUYER_PRIOR : 0;
      const fit = 0.5 * scores.best.get(o)! + 0.5 * fullScores.best.get(o)! + prior + bonus(o);
      if (fit >= bar) ranked.push({ o, fit });
    }
    ranked.sort((a, b) => b.fit - a.fit || a.o - b.o);
    const top = ranked[0]?.fit ?? 0;
    for (const { o, fit } of ranked.filter((r) => r.fit >= top - NEAR_BEST).slice(0, MAX_PER_ROLE)) {
      candidates.push({
        id: o,
        occupation: corpus.occupations[o]!,
        projection: withProjection(o)!,
        role,
        fit: Math.round(Math.min(1, fit) * 1000) / 1000,
        matchedTitle: titleOf(index, scores.title.get(o)! >= fullScores.title.get(o)! ? scores : fullScores, o),
      });
    }
  };
  let industry: string | null = null;
  if (vectors.segment) {
    const segment = scoreAll(index, vectors.segment, pool);
    rank('customer', segment, full, pool, CUSTOMER_BAR, () => 0);
    const named = customer?.staffingCode ?? null;
    const staffing = corpus.market?.staffing;
    if (named && staffing) {
      // The query names the industry (NAICS index): its customer is an occupation at home there, else
      // the industry's own buyer ("our law firm": lawyers; "we run a trucking company": its managers).
      industry = named;
      const prefix = named.replace(/0+$/, '');
      const at = candidates.findIndex((c) => c.role === 'customer');
      const home = at >= 0 ? homeIndustry(staffing, socBase(candidates[at]!.occupation.soc)) : null;
      if (at >= 0 && !home?.code.startsWith(prefix) && !prefix.startsWith(home?.code.replace(/0+$/, '') ?? '-'))
        candidates.splice(at, 1);
      const buyer = candidates.some((c) => c.role === 'customer') ? null : buyerOf(index, named, titled);
      if (buyer !== null && withProjection(buyer)) {
        const own = scoreAll(index, vectors.segment, [buyer]);
        const whole = scoreAll(index, vectors.full, [buyer]);
        candidates.push({
          id: buyer,
          occupation: corpus.occupations[buyer]!,
          projection: withProjection(buyer)!,
          role: 'customer',
          fit: Math.round(Math.max(0, 0.5 * own.best.get(buyer)! + 0.5 * whole.best.get(buyer)!) * 1000) / 1000,
          matchedTitle: corpus.occupations[buyer]!.title,
        });
      }
    }
    const customerFit = candidates.find((c) => c.role === 'customer');
    if (industry !== null) {
      // The industry the query named (above) stands.
    } else if (customerFit)
      industry = staffing ? (homeIndustry(staffing, socBase(customerFit.occupation.soc))?.code ?? null) : null;
    else if (staffing) {
      // No occupation is the customer, but the near ones may agree on the industry they work in ("my hair
      // salon": supervisors of personal service workers, hairdressers → personal care services); its
      // buyer is then its own manager or practitioner.
      const near = pool
        .map((o) => ({ o, fit: 0.5 * segment.best.get(o)! + 0.5 * full.best.get(o)! }))
        .filter((n) => n.fit >= CUSTOMER_BAR - VOTE_MARGIN);
      const voted = voteIndustry(index, near);
      const buyer = voted ? (buyerOf(index, voted.code, titled) ?? practitionerOf(index, voted.code, near)) : null;
      if (voted && buyer !== null && withProjection(buyer)) {
        industry = voted.code;
        candidates.push({
          id: buyer,
          occupation: corpus.occupations[buyer]!,
          projection: withProjection(buyer)!,
          role: 'customer',
          // Its own match with the query when it was among the near candidates, else the vote's best.
          fit: Math.round((near.find((n) => n.o === buyer)?.fit ?? voted.fit) * 1000) / 1000,
          matchedTitle: corpus.occupations[buyer]!.title,
        });
      }
    }
  }
  if (vectors.job) {
    // The customer's own staff are the likeliest people whose job the product does: the workers of the
    // industry the customer mostly works in (dentists → offices of dentists → receptionists, hygienists).
    const staff = industry ? industryStaff(index, industry) : new Set<number>();
    const members = [...new Set([...pool, ...[...staff].filter((o) => withProjection(o))])];
    const fullAll = staff.size > 0 ? scoreAll(index, vectors.full, members) : full;
    rank('worker', scoreAll(index, vectors.job, members), fullAll, members, WORKER_BAR, (o) =>
      staff.has(o) ? STAFF_BONUS : 0,
    );
  }

  // One role per occupation: the one it fits better.
  const byId = new Map<number, OccupationFit>();
  for (const c of candidates) if ((byId.get(c.id)?.fit ?? -1) < c.fit) byId.set(c.id, c);
  return [...byId.values()].sort((a, b) =>
    a.role === b.role ? b.fit - a.fit || a.id - b.id : a.role === 'worker' ? -1 : 1,
  );
}

/**
 * The buyer the directory's tags name (directory-buyer.ts) as the customer, when no customer was cited:
 * its fit is its closeness to the query like any other customer's, its basis the companies' tags.
 */
export function withDirectoryBuyer(
  index: EngineIndex,
  occupations: OccupationFit[],
  buyer: DirectoryBuyer | null,
  vectors: QueryVectors | null,
): OccupationFit[] {
  if (!buyer || occupations.some((o) => o.role === 'customer')) return occupations;
  const corpus = index.corpus;
  const id = corpus.occupations.findIndex((o) => o.soc === buyer.soc);
  const projection = id >= 0 ? corpus.projections.get(socBase(buyer.soc)) : undefined;
  if (!projection || occupations.some((o) => o.id === id)) return occupations;
  const fit =
    vectors && index.semantic.sets
      ? 0.5 * scoreAll(index, vectors.segment ?? vectors.full, [id]).best.get(id)! +
        0.5 * scoreAll(index, vectors.full, [id]).best.get(id)!
      : buyer.agreeing / buyer.of;
  const tags = buyer.tags.map((t) => `"${t}"`).join(' or ');
  return [
    ...occupations,
    {
      id,
      occupation: corpus.occupations[id]!,
      projection,
      role: 'customer',
      fit: Math.round(Math.max(0, Math.min(1, fit)) * 1000) / 1000,
      matchedTitle: corpus.occupations[id]!.title,
      basis: `${buyer.agreeing} of the ${buyer.of} closest companies are filed under ${tags} in the directory`,
    },
  ];
}

/** Without vectors: the occupation must carry the offering's most specific word itself (not a synonym). */
function lexicalOccupations(index: EngineIndex, query: ParsedQuery): OccupationFit[] {
  const offering = query.groups.filter((g) => g.facet === 'offering' && !FORM_WORDS.has(g.word));
  const groups = offering.length > 0 ? offering : query.groups;
  const head = [...groups].sort((a, b) => groupWeight(index, b) - groupWeight(index, a))[0];
  for (const m of retrieveOccupations(index, groups)) {
    if (m.coverage < LEXICAL_MIN_COVERAGE) continue;
    if (head && matchStrength(index.occupationTerms[m.id]!, { ...head, synonyms: [] }) === 0) continue;
    const occupation = index.corpus.occupations[m.id]!;
    const projection = index.corpus.projections.get(socBase(occupation.soc));
    if (!projection) continue;
    return [
      {
        id: m.id,
        occupation,
        projection,
        role: 'worker',
        fit: Math.round(m.coverage * 1000) / 1000,
        matchedTitle: occupation.title,
      },
    ];
  }
  return [];
}
