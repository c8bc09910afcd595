import type { Evidence, EvidenceSource } from '#shared/engine/analysis.schemas.ts';
import type { Company, Occupation, Projection } from '../corpus/corpus.types.ts';
import { socBase } from '../corpus/load-datasets.ts';
import type { EngineIndex } from '../index/engine-index.ts';
import type { Cell } from './build-cells.ts';
import { evidenceDate, RISK_FLAGS } from './classify.ts';
import type { ParsedQuery, TermGroup } from './parse-query.ts';
import { groupWeight, matchStrength, retrieveIndustries, retrieveOccupations } from './retrieve.ts';
import { RECENT_YEARS } from './rubric.ts';

// Turns a cell into its evidence list: the companies in it, the directory totals that normalise
// its entry trend, the demand occupation with its BLS projection, O*NET tasks and software, NAICS
// context and risk flags. Every score is later computed from exactly this list.

export type Demand = { occupation: Occupation; projection: Projection; coverage: number };

export type MeasuredCell = {
  cell: Cell;
  evidence: Evidence[];
  demand: Demand | null;
  companies: Company[];
  latestEvidenceDate: string | null;
};

const MIN_OCCUPATION_COVERAGE = 0.25;
/** A segment word at least this share of the head word's weight must match too. */
const STRONG_WORD = 0.4;

function src(index: EngineIndex, full: EvidenceSource): EvidenceSource {
  return index.corpus.kind === 'seed' ? 'seed' : full;
}

const r2 = (v: number): number => Math.round(v * 100) / 100;

export function findDemand(index: EngineIndex, cell: Cell, cache: Map<string, Demand | null>): Demand | null {
  // Demand is the work the offering does (who does it today), so a cell with an offering is sized
  // by the offering's words; the occupation must contain the most specific of them itself, not a
  // synonym ("senior" finds "Senior Pastor", not the elderly).
  const offeringGroups = cell.groups.filter((g) => g.facet !== 'segment');
  const groups = cell.kind === 'segment-other' || offeringGroups.length === 0 ? cell.groups : offeringGroups;
  const key = groups.map((g) => g.word).join('|');
  if (cache.has(key)) return cache.get(key)!;
  const head = groups
    .filter((g) => g.facet !== 'keyword')
    .reduce<TermGroup | null>(
      (best, g) => (best === null || groupWeight(index, g) > groupWeight(index, best) ? g : best),
      null,
    );
  let demand: Demand | null = null;
  // A segment is a population, which occupations rarely describe ("rural patients" is not "Rural
  // Mail Carriers"): for segment cells every strong word of the segment must appear.
  const isSegmentCell = groups.every((g) => g.facet !== 'offering');
  const strong =
    head && isSegmentCell
      ? groups.filter((g) => g.facet === 'segment' && groupWeight(index, g) >= STRONG_WORD * groupWeight(index, head))
      : [];
  for (const match of retrieveOccupations(index, groups)) {
    if (match.coverage < MIN_OCCUPATION_COVERAGE) continue;
    const terms = index.occupationTerms[match.id]!;
    if (head && matchStrength(terms, { ...head, synonyms: [] }) === 0) continue;
    if (strong.some((g) => matchStrength(terms, g) === 0)) continue;
    const occupation = index.corpus.occupations[match.id]!;
    const projection = index.corpus.projections.get(socBase(occupation.soc));
    if (projection) {
      demand = { occupation, projection, coverage: r2(match.coverage) };
      break;
    }
  }
  cache.set(key, demand);
  return demand;
}

export function latestYear(index: EngineIndex): number {
  return Math.max(...index.corpus.companiesPerYear.keys());
}

export function measureCell(
  index: EngineIndex,
  query: ParsedQuery,
  cell: Cell,
  demandCache: Map<string, Demand | null>,
  marketCompanies: number,
  dateRange: { from: string | null; to: string | null } = { from: null, to: null },
): MeasuredCell {
  const corpus = index.corpus;
  const evidence: Evidence[] = [];
  const companies = cell.members.map((m) => corpus.companies[m.id]!);
  for (const c of companies) {
    evidence.push({
      id: `company:${c.slug}`,
      source: c.source,
      ref: c.slug,
      value: c.status,
      note: `${c.name} (${c.batch}, ${c.status})${c.oneLiner ? `: ${c.oneLiner}` : ''}`,
      ...(c.website ? { url: c.website } : {}),
      ...(evidenceDate(c) ? { date: evidenceDate(c)! } : {}),
    });
  }
  const last = latestYear(index);
  const first = last - RECENT_YEARS + 1;
  let recent = 0;
  let total = 0;
  for (const [year, count] of corpus.companiesPerYear) {
    total += count;
    if (year >= first) recent += count;
  }
  evidence.push({
    id: 'directory:recent',
    source: src(index, 'yc'),
    ref: `${first}-${last}`,
    value: recent,
    note: `Companies in the directory dated ${first}–${last} (batch-size normaliser for the entry trend)`,
  });
  evidence.push({
    id: 'directory:total',
    source: src(index, 'yc'),
    ref: 'all',
    value: total,
    note: 'Companies in the directory with a known date',
  });

  const demand = findDemand(index, cell, demandCache);
  if (demand) {
    const { occupation: o, projection: p } = demand;
    evidence.push({
      id: `bls:${p.soc}:employment`,
      source: src(index, 'bls'),
      ref: p.soc,
      value: p.employment2023,
      note: `${p.title}: ${p.employment2023.toLocaleString('en-US')} thousand employed in the U.S. in 2023`,
    });
    evidence.push({
      id: `bls:${p.soc}:growth`,
      source: src(index, 'bls'),
      ref: p.soc,
      value: p.percentChange,
      note: `${p.title}: employment projected to change ${p.percentChange > 0 ? '+' : ''}${p.percentChange} % from 2023 to 2033, ${p.annualOpenings} thousand openings a year`,
    });
    if (p.medianWage !== null)
      evidence.push({
        id: `bls:${p.soc}:wage`,
        source: src(index, 'bls'),
        ref: p.soc,
        value: p.medianWage,
        note: `${p.title}: median annual wage $${p.medianWage.toLocaleString('en-US')} (2023)`,
      });
    evidence.push({
      id: 'match:occupation',
      source: src(index, 'onet'),
      ref: o.soc,
      value: demand.coverage,
      note: `Share of the cell's words that the occupation "${o.title}" matches`,
    });
    // The date range bounds dated evidence: tasks O*NET dated outside it are left out.
    const inRange = (date: string | null): boolean =>
      date === null ||
      ((dateRange.from === null || date >= dateRange.from) && (dateRange.to === null || date <= dateRange.to));
    for (const t of (corpus.tasksBySoc.get(o.soc) ?? []).filter((t) => inRange(t.date)).slice(0, 3)) {
      evidence.push({
        id: `onet:${o.soc}:task:${t.taskId}`,
        source: src(index, 'onet'),
        ref: o.soc,
        value: t.text,
        note: `Task of ${o.title} (job to be done)`,
        ...(t.date ? { date: t.date } : {}),
      });
    }
    const tech = (corpus.techBySoc.get(o.soc) ?? [])
      .filter((t) => !index.genericProducts.has(t.product))
      .sort((a, b) => Number(b.isHot) - Number(a.isHot) || a.product.localeCompare(b.product));
    tech.slice(0, 5).forEach((t, i) => {
      evidence.push({
        id: `onet:${o.soc}:tech:${i}`,
        source: src(index, 'onet'),
        ref: o.soc,
        value: t.product,
        note: `${t.commodity} used by ${o.title}${t.isHot ? ' (Hot Technology)' : ''}`,
      });
    });
  }
  for (const id of retrieveIndustries(index, cell.groups).slice(0, 2)) {
    const industry = corpus.industries[id]!;
    evidence.push({
      id: `naics:${industry.code}`,
      source: 'naics',
      ref: industry.code,
      value: industry.title,
      note: `NAICS ${industry.code} ${industry.title}`,
    });
  }
  for (const flag of RISK_FLAGS) {
    const carriers = cell.members.filter((m) => index.riskFlags[m.id]!.includes(flag));
    if (carriers.length === 0) continue;
    evidence.push({
      id: `risk:${flag.replace(/\s+/g, '-')}`,
      source: src(index, 'yc'),
      ref: flag,
      value: carriers.length,
      note: `${carriers.length} of ${companies.length} companies carry ${flag} labels (${carriers
        .slice(0, 3)
        .map((m) => corpus.companies[m.id]!.name)
        .join(', ')})`,
    });
  }
  const fit = cell.members.length > 0 ? cell.members.reduce((s, m) => s + m.coverage, 0) / cell.members.length : 0;
  evidence.push({
    id: 'market:interest',
    source: src(index, 'yc'),
    ref: query.text.slice(0, 80),
    value: marketCompanies,
    note: `Companies in the directory matching the query's market (any cell)`,
  });
  evidence.push({
    id: 'match:cell',
    source: src(index, 'yc'),
    ref: `${cell.offering} × ${cell.segment}`,
    value: cell.definitionFit,
    note: `Share of the query's words this cell's definition covers (${cell.kind === 'core' ? 'the query itself' : cell.kind})`,
  });
  evidence.push({
    id: 'match:query',
    source: src(index, 'yc'),
    ref: query.text.slice(0, 80),
    value: r2(fit),
    note: `Mean share of the query's words matched by the ${companies.length} companies in this cell`,
  });
  if (cell.kind === 'core') {
    for (const g of query.groups.filter((g) => g.synonymSources.some((s) => s.from === 'wordnet')).slice(0, 4)) {
      const list = g.synonymSources.filter((s) => s.from === 'wordnet').map((s) => s.phrase);
      evidence.push({
        id: `wordnet:${g.word}`,
        source: 'wordnet',
        ref: g.word,
        value: list.join(', '),
        note: `Synonyms of "${g.word}" searched as well`,
      });
    }
  }
  evidence.push({
    id: 'corpus:kind',
    source: corpus.kind === 'seed' ? 'seed' : 'yc',
    ref: corpus.version,
    value: corpus.kind,
    note:
      corpus.kind === 'seed'
        ? 'Answered from the small seed corpus: low confidence'
        : 'Answered from the full public datasets',
  });
  const dates = evidence.flatMap((e) => (e.id.startsWith('company:') && e.date ? [e.date] : [])).sort();
  return { cell, evidence, demand, companies, latestEvidenceDate: dates.at(-1) ?? null };
}
