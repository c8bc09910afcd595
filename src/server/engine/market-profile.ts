import { defaultFilters } from '#shared/searches/filters.schemas.ts';
import type { Company } from './corpus/corpus.types.ts';
import type { EngineIndex } from './index/engine-index.ts';
import { gatherEvidence, withBuyer } from './pipeline/analyze.ts';
import { COMPETES } from './pipeline/company-match.ts';
import { productUsers, SPECIFIC_PRODUCT } from './pipeline/incumbent-software.ts';
import { parseQuery, type ParsedQuery } from './pipeline/parse-query.ts';
import { retrieveIndustries } from './pipeline/retrieve.ts';

// A market's profile for the market-research report, from the same evidence an analysis uses: the
// parsed query and its synonyms, the NAICS industries its words retrieve, the occupations the engine
// cites (customers and workers) with their BLS figures, O*NET tasks and software, and the directory
// companies that compete in it, year by year. Nothing here is invented: an empty list means the
// corpus had nothing to say.

const MAX_TASKS = 8;
const MAX_SOFTWARE = 10;
const MAX_INDUSTRIES = 3;
const MAX_EXAMPLES = 8;
const MAX_COMMON_TAGS = 5;

export type MarketProfile = {
  query: {
    text: string;
    offering: string;
    segment: string | null;
    words: { word: string; facet: 'offering' | 'segment' | 'keyword'; synonyms: string[] }[];
    warnings: string[];
  };
  industries: { code: string; title: string; description: string }[];
  occupations: {
    soc: string;
    title: string;
    role: 'customer' | 'worker';
    matchedTitle: string;
    employment2023: number;
    employment2033: number;
    percentChange: number;
    annualOpenings: number;
    medianWage: number | null;
    tasks: string[];
    software: { product: string; commodity: string; isHot: boolean }[];
  }[];
  startups: {
    companies: number;
    byYear: { year: number; entries: number; survivors: number; inactive: number }[];
    survivors: number;
    inactive: number;
    /** Tags most often carried by the inactive companies, with how many of them carry each. */
    failureTags: { tag: string; companies: number }[];
    examples: { name: string; oneLiner: string; status: Company['status']; batch: string; website: string | null }[];
    failedExamples: { name: string; oneLiner: string; batch: string }[];
  };
};

function software(index: EngineIndex, soc: string): MarketProfile['occupations'][number]['software'] {
  const users = productUsers(index);
  const seen = new Set<string>();
  return (
    (index.corpus.techBySoc.get(soc) ?? [])
      // "Generic" is a share of occupations; on a small corpus a product of one occupation is not generic.
      .filter((t) => !(index.genericProducts.has(t.product) && (users.get(t.product) ?? 0) > SPECIFIC_PRODUCT))
      .sort(
        (a, b) =>
          Number((users.get(a.product) ?? 0) > SPECIFIC_PRODUCT) -
            Number((users.get(b.product) ?? 0) > SPECIFIC_PRODUCT) ||
          Number(b.isHot) - Number(a.isHot) ||
          a.product.localeCompare(b.product),
      )
      .filter((t) => !seen.has(t.product) && seen.add(t.product))
      .slice(0, MAX_SOFTWARE)
      .map((t) => ({ product: t.product, commodity: t.commodity, isHot: t.isHot }))
  );
}

function queryOf(q: ParsedQuery): MarketProfile['query'] {
  return {
    text: q.text,
    offering: q.offeringText,
    segment: q.segmentText,
    words: q.groups.map((g) => ({
      word: g.word,
      facet: g.facet,
      synonyms: [...new Set(g.synonymSources.map((s) => s.phrase))],
    })),
    warnings: q.warnings,
  };
}

export async function marketProfile(index: EngineIndex, text: string): Promise<MarketProfile> {
  const { corpus } = index;
  const n = corpus.companies.length;
  const query = parseQuery(text, [], (t) => (index.documentFrequency.get(t) ?? 0) / n);
  if (query.groups.length === 0) {
    return {
      query: queryOf(query),
      industries: [],
      occupations: [],
      startups: {
        companies: 0,
        byYear: [],
        survivors: 0,
        inactive: 0,
        failureTags: [],
        examples: [],
        failedExamples: [],
      },
    };
  }
  const evidence = await gatherEvidence(index, query, defaultFilters());
  const { matches } = evidence;
  const occupations = withBuyer(index, evidence);
  const competitors = matches.filter((m) => m.doesJob && m.relevance >= COMPETES);
  const companies = competitors.map((m) => corpus.companies[m.id]!);
  const byYear = new Map<number, { entries: number; survivors: number; inactive: number }>();
  for (const c of companies) {
    if (c.year === null) continue;
    const row = byYear.get(c.year) ?? { entries: 0, survivors: 0, inactive: 0 };
    row.entries++;
    if (c.status === 'Inactive') row.inactive++;
    else if (c.status !== 'Unknown') row.survivors++;
    byYear.set(c.year, row);
  }
  const inactive = companies.filter((c) => c.status === 'Inactive');
  const tagCounts = new Map<string, number>();
  for (const c of inactive) for (const t of new Set(c.tags)) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
  return {
    query: queryOf(query),
    industries: retrieveIndustries(index, query.groups)
      .slice(0, MAX_INDUSTRIES)
      .map((id) => corpus.industries[id]!)
      .map(({ code, title, description }) => ({ code, title, description })),
    occupations: occupations.map((o) => ({
      soc: o.occupation.soc,
      title: o.occupation.title,
      role: o.role,
      matchedTitle: o.matchedTitle,
      employment2023: o.projection.employment2023,
      employment2033: o.projection.employment2033,
      percentChange: o.projection.percentChange,
      annualOpenings: o.projection.annualOpenings,
      medianWage: o.projection.medianWage,
      tasks: (corpus.tasksBySoc.get(o.occupation.soc) ?? []).slice(0, MAX_TASKS).map((t) => t.text),
      software: software(index, o.occupation.soc),
    })),
    startups: {
      companies: companies.length,
      byYear: [...byYear].sort((a, b) => a[0] - b[0]).map(([year, r]) => ({ year, ...r })),
      survivors: companies.filter((c) => c.status !== 'Inactive' && c.status !== 'Unknown').length,
      inactive: inactive.length,
      failureTags: [...tagCounts]
        .filter(([, k]) => k >= 2)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, MAX_COMMON_TAGS)
        .map(([tag, k]) => ({ tag, companies: k })),
      examples: companies.slice(0, MAX_EXAMPLES).map((c) => ({
        name: c.name,
        oneLiner: c.oneLiner,
        status: c.status,
        batch: c.batch,
        website: c.website,
      })),
      failedExamples: inactive
        .slice(0, MAX_EXAMPLES)
        .map((c) => ({ name: c.name, oneLiner: c.oneLiner, batch: c.batch })),
    },
  };
}
