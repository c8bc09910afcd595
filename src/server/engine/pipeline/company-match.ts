import type { SearchFilters } from '#shared/searches/filters.schemas.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import { searchIndex } from '../index/lexical-index.ts';
import { dot, FORM_WORDS, type QueryVectors } from './query-vectors.ts';
import { companyFilter, coverageOf, groupWeight, matchStrength } from './retrieve.ts';
import { termsFor, type ParsedQuery } from './parse-query.ts';

// Which companies compete for a need, judged on the headline AND the long description, by meaning
// (sentence vectors) plus words (rarity-weighted share of the query's words they use). Every
// company of the directory is scored, so "no company in our data" is said only after the whole
// corpus was searched. Without vectors (seed corpus, or while they build) words alone decide.

export type CompanyMatch = {
  id: number;
  /** Cosine of the need with the company's headline and with its description. */
  headline: number;
  description: number;
  /** Share of the need's (rarity-weighted) words the company's text uses, 0–1. */
  words: number;
  matched: number[];
  /** How well the company serves the query's customer (its meaning of the whole query when none is named). */
  segmentFit: number;
  /** How close the company is to the job the query names (to the whole query when it names none). */
  jobFit: number;
  /**
   * Whether it does the job, not only serves the customer: close to the job in meaning, or using the
   * job's most specific word ("Restaurant delivery" is not bookkeeping for restaurants). Only such
   * companies compete; the others still tell whether the query is about a market at all.
   */
  doesJob: boolean;
  relevance: number;
};

/** Relevance a company needs to count as a competitor (see docs/decisions/010). */
export const COMPETES = 0.425;
const WORDS_WEIGHT = 0.45;
const LEXICAL_ONLY_BAR = 0.35;
const LEXICAL_OFFERING_FIT = 0.4;
const DESCRIPTION_DISCOUNT = 0.03;
/** YC's own "top company" flag marks category leaders, the competitors a founder must know first. */
const LEADER_BONUS = 0.03;
/** Closeness to the job below which a company needs one of the job's words to stay a candidate. */
export const JOB_GATE = 0.3;
const MEANING_CANDIDATES = 600;
const WORD_CANDIDATES = 400;

/**
 * Meaning of the whole query, of its job ("front desk", or the worker's title) and of its customer,
 * plus words. Each facet counts, so a dental robot does not pass for dental front-desk software.
 */
export function relevanceOf(full: number, job: number, segment: number, words: number): number {
  return 0.4 * full + 0.35 * job + 0.1 * segment + WORDS_WEIGHT * words;
}

/** Closeness of a company's text to the query as written or told in the market's words, whichever is closer. */
function closest(full: Float32Array, market: Float32Array | null, set: Float32Array, offset: number): number {
  const plain = dot(full, set, offset);
  return market ? Math.max(plain, dot(market, set, offset)) : plain;
}

/**
 * Scores every company allowed by the filters against the query. Sorted by relevance, best first;
 * ties by slug so the order is total.
 */
export function matchCompanies(
  index: EngineIndex,
  query: ParsedQuery,
  vectors: QueryVectors | null,
  filters: SearchFilters,
): CompanyMatch[] {
  const allow = companyFilter(index, filters);
  const sets = index.semantic.sets;
  const out: CompanyMatch[] = [];
  if (vectors && sets) {
    const { companies, descriptions } = sets;
    // The job's most specific word ("pet" in "pet care"): sharing only "care" is not doing the job.
    const jobGroups = query.groups.flatMap((g, i) => (g.facet !== 'segment' && !FORM_WORDS.has(g.word) ? [i] : []));
    const jobHead = [...jobGroups].sort(
      (a, b) => groupWeight(index, query.groups[b]!) - groupWeight(index, query.groups[a]!),
    )[0];
    const dims = companies.dimensions;
    // Meaning for every company (dot products are cheap); words, which are not, only for the
    // companies close in meaning and those BM25 finds by words — the rest cannot reach the bar.
    type Meaning = { id: number; headline: number; description: number; full: number; job: number; segment: number };
    const meanings: Meaning[] = [];
    for (let id = 0; id < index.corpus.companies.length; id++) {
      if (!allow(id)) continue;
      const headline = closest(vectors.full, vectors.market, companies.vectors, id * dims);
      const description = closest(vectors.full, vectors.market, descriptions.vectors, id * dims);
      if (Math.max(headline, description) < 0.25) continue;
      const closeness = (v: Float32Array): number =>
        Math.max(dot(v, companies.vectors, id * dims), dot(v, descriptions.vectors, id * dims) - DESCRIPTION_DISCOUNT);
      const full = Math.max(headline, description - DESCRIPTION_DISCOUNT);
      const job = Math.max(
        vectors.job ? closeness(vectors.job) : full,
        vectors.workerTitle ? closeness(vectors.workerTitle) : -1,
      );
      meanings.push({
        id,
        headline,
        description,
        full,
        job,
        segment: vectors.segment ? closeness(vectors.segment) : full,
      });
    }
    const byMeaning = [...meanings].sort(
      (a, b) => relevanceOf(b.full, b.job, b.segment, 0) - relevanceOf(a.full, a.job, a.segment, 0) || a.id - b.id,
    );
    const lexical = searchIndex(index.lexical.companies, 'companies', termsFor(query.groups), allow).slice(
      0,
      WORD_CANDIDATES,
    );
    const wordCandidates = new Set([
      ...byMeaning.slice(0, MEANING_CANDIDATES).map((m) => m.id),
      ...lexical.map((r) => r.id as number),
    ]);
    for (const m of meanings) {
      const { matched, coverage } = wordCandidates.has(m.id)
        ? coverageOf(index, index.companyTerms[m.id]!, query.groups)
        : { matched: [] as number[], coverage: 0 };
      const doesJob = !vectors.job || m.job >= JOB_GATE || (jobHead !== undefined && matched.includes(jobHead));
      out.push({
        id: m.id,
        headline: m.headline,
        description: m.description,
        words: coverage,
        matched,
        segmentFit: vectors.segment ? m.segment : 1,
        jobFit: m.job,
        doesJob,
        relevance:
          relevanceOf(m.full, m.job, m.segment, coverage) +
          (index.corpus.companies[m.id]!.topCompany ? LEADER_BONUS : 0),
      });
    }
  } else {
    const lexical = searchIndex(index.lexical.companies, 'companies', termsFor(query.groups), allow).slice(0, 400);
    const offering = query.groups.filter((g) => g.facet !== 'segment');
    const head = [...offering].sort((a, b) => groupWeight(index, b) - groupWeight(index, a))[0];
    for (const r of lexical) {
      const id = r.id as number;
      const { matched, coverage } = coverageOf(index, index.companyTerms[id]!, query.groups);
      if (matched.length === 0) continue;
      // Words alone cannot tell a senior-care clinic from pet care for seniors: the offering's words must be there.
      const offeringFit = coverageOf(index, index.companyTerms[id]!, offering).coverage;
      if (offering.length > 0 && offeringFit < LEXICAL_OFFERING_FIT) continue;
      if (head && offering.length > 1 && matchStrength(index.companyTerms[id]!, head) === 0) continue;
      const segmentGroups = query.groups.flatMap((g, i) => (g.facet === 'segment' ? [i] : []));
      const segmentFit =
        segmentGroups.length === 0 ? 1 : segmentGroups.filter((i) => matched.includes(i)).length / segmentGroups.length;
      // Words alone: the share of the query matched, scaled so the lexical bar sits where COMPETES does.
      const relevance = (coverage / LEXICAL_ONLY_BAR) * COMPETES;
      out.push({
        id,
        headline: 0,
        description: 0,
        words: coverage,
        matched,
        segmentFit,
        jobFit: coverage,
        doesJob: true,
        relevance,
      });
    }
  }
  const slug = (id: number): string => index.corpus.companies[id]!.slug;
  return out.sort((a, b) => b.relevance - a.relevance || slug(a.id).localeCompare(slug(b.id)));
}
