import { AppError } from '../../lib/platform/app-error.ts';
import type { TrendsCompany, TrendsCorpus } from '../../engine/pool/trends-corpus.ts';
import { categoryLabel } from '#shared/searches/filter-options.ts';
import { CATEGORIES, type Category } from '#shared/searches/filters.schemas.ts';
import {
  MAX_TAG_ROWS,
  SURVIVAL_MIN_AGE_YEARS,
  TREND_MIN_ENTRIES,
  TREND_THRESHOLD,
  TREND_WINDOW_YEARS,
  type HeatCellDetailDto,
  type HeatMapDto,
  type HeatMapQuery,
  type HeatCellQuery,
  type HeatRowDto,
  type TrendReading,
} from '#shared/market-trends/market-trends.schemas.ts';
import { linkedSocs } from './category-occupations.constants.ts';

// The market-trends heat map: companies entering the YC directory per batch year, by category (the
// engine's own category of each company) or by tag within one category, with share of the year's
// directory, survival and, per category, the BLS growth of its linked occupations. The whole grid
// is computed once per corpus version (and category) and cached as a promise, so concurrent first
// requests share one computation; a request only picks a metric and a year range from it.

const SURVIVING = new Set<TrendsCompany['status']>(['Active', 'Acquired', 'Public']);
const TOP_RISING = 10;

type Counts = { entries: number; survivors: number };
type Grid = {
  version: string;
  kind: 'full' | 'seed';
  companies: number;
  years: number[];
  yearTotals: Map<number, number>;
  rows: Omit<HeatRowDto, 'cells'>[];
  counts: Map<string, Map<number, Counts>>;
  sources: HeatMapDto['sources'];
  computedAt: string;
};

const grids = new Map<string, Promise<Grid>>();
let computations = 0;

/** How many grids were computed in this process (tests check that concurrent requests share one). */
export function heatMapComputations(): number {
  return computations;
}

function membersOf(corpus: TrendsCorpus, category: Category, tag: string | null): TrendsCompany[] {
  return corpus.companies.filter((c, i) => corpus.categories[i] === category && (tag === null || c.tags.includes(tag)));
}

function directoryAsOf(companies: TrendsCompany[]): string | null {
  let newest: string | null = null;
  for (const c of companies) {
    const date = c.launchedAt ?? (c.year !== null ? `${c.year}` : null);
    if (date !== null && (newest === null || date > newest)) newest = date;
  }
  return newest;
}

function occupationsOf(corpus: TrendsCorpus, category: Category) {
  const projections = corpus.projections;
  const occupations = linkedSocs(category, projections.keys()).map((soc) => {
    const p = projections.get(soc)!;
    return {
      soc,
      title: p.title,
      employment2023: p.employment2023,
      employment2033: p.employment2033,
      percentChange: p.percentChange,
    };
  });
  const before = occupations.reduce((s, o) => s + o.employment2023, 0);
  const after = occupations.reduce((s, o) => s + o.employment2033, 0);
  const growth = before > 0 ? Math.round(((after - before) / before) * 1000) / 10 : null;
  return { occupations, growth };
}

function computeGrid(corpus: TrendsCorpus, category: Category | null, now: Date): Grid {
  computations++;
  const yearTotals = new Map<number, number>();
  for (const c of corpus.companies) if (c.year !== null) yearTotals.set(c.year, (yearTotals.get(c.year) ?? 0) + 1);
  const years = [...yearTotals.keys()].sort((a, b) => a - b);

  const counts = new Map<string, Map<number, Counts>>();
  const add = (key: string, c: TrendsCompany) => {
    if (c.year === null) return;
    const byYear = counts.get(key) ?? new Map<number, Counts>();
    const cell = byYear.get(c.year) ?? { entries: 0, survivors: 0 };
    cell.entries++;
    if (SURVIVING.has(c.status)) cell.survivors++;
    byYear.set(c.year, cell);
    counts.set(key, byYear);
  };

  let rows: Grid['rows'];
  if (category === null) {
    corpus.companies.forEach((c, i) => add(corpus.categories[i]!, c));
    rows = CATEGORIES.map((key) => ({
      key,
      label: categoryLabel(key),
      kind: 'category' as const,
      entries: sum(counts.get(key)),
      ...occupationsOf(corpus, key),
    }));
  } else {
    const members = membersOf(corpus, category, null);
    const tagCounts = new Map<string, number>();
    for (const c of members) for (const t of new Set(c.tags)) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
    const tags = [...tagCounts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, MAX_TAG_ROWS)
      .map(([t]) => t);
    for (const c of members) for (const t of new Set(c.tags)) if (tags.includes(t)) add(t, c);
    rows = tags.map((key) => ({
      key,
      label: key,
      kind: 'tag' as const,
      entries: sum(counts.get(key)),
      growth: null,
      occupations: [],
    }));
  }
  const seed = corpus.kind === 'seed';
  return {
    version: corpus.version,
    kind: corpus.kind,
    companies: corpus.companies.length,
    years,
    yearTotals,
    rows,
    counts,
    sources: [
      {
        label: seed ? 'Y Combinator directory (seed sample)' : 'Y Combinator directory',
        asOf: directoryAsOf(corpus.companies),
      },
      { label: 'BLS Employment Projections 2023–2033', asOf: '2024-09' },
    ],
    computedAt: now.toISOString(),
  };
}

function sum(byYear: Map<number, Counts> | undefined): number {
  let n = 0;
  for (const c of byYear?.values() ?? []) n += c.entries;
  return n;
}

/** Loads the trends corpus (an engine worker builds it: the request thread never loads the index). */
type CorpusLoader = () => Promise<TrendsCorpus>;

async function gridFor(
  loadCorpus: CorpusLoader,
  category: Category | null,
  now: Date,
): Promise<{ grid: Grid; corpus: TrendsCorpus }> {
  const corpus = await loadCorpus();
  const key = `${corpus.version}|${category ?? '*'}`;
  let pending = grids.get(key);
  if (!pending) {
    pending = Promise.resolve().then(() => computeGrid(corpus, category, now));
    pending.catch(() => grids.delete(key));
    grids.set(key, pending);
  }
  return { grid: await pending, corpus };
}

function windowCounts(grid: Grid, key: string, from: number, to: number) {
  const byYear = grid.counts.get(key);
  let entries = 0;
  let total = 0;
  for (let y = from; y <= to; y++) {
    entries += byYear?.get(y)?.entries ?? 0;
    total += grid.yearTotals.get(y) ?? 0;
  }
  return { from, to, entries, total };
}

const pct = (x: number) => `${Math.round(x * 1000) / 10}%`;

/** Share of the directory in the cell's year and the one before, against the two years before that. */
export function readTrend(grid: Pick<Grid, 'counts' | 'yearTotals'>, key: string, year: number): TrendReading {
  const recent = windowCounts(grid as Grid, key, year - TREND_WINDOW_YEARS + 1, year);
  const earlier = windowCounts(grid as Grid, key, year - 2 * TREND_WINDOW_YEARS + 1, year - TREND_WINDOW_YEARS);
  const recentShare = recent.total > 0 ? recent.entries / recent.total : 0;
  const earlierShare = earlier.total > 0 ? earlier.entries / earlier.total : 0;
  const span = (w: { from: number; to: number }) => `${w.from}–${w.to}`;
  const numbers = `${recent.entries} of ${recent.total} companies (${pct(recentShare)}) in ${span(recent)} against ${earlier.entries} of ${earlier.total} (${pct(earlierShare)}) in ${span(earlier)}`;
  if (recent.entries + earlier.entries < TREND_MIN_ENTRIES || earlier.total === 0 || recent.total === 0) {
    return {
      direction: 'unknown',
      recent,
      earlier,
      change: null,
      sentence: `Too few entries to read a trend: ${numbers}.`,
    };
  }
  const change = earlier.entries > 0 ? (recentShare - earlierShare) / earlierShare : null;
  const direction =
    change === null ? 'new' : change >= TREND_THRESHOLD ? 'rising' : change <= -TREND_THRESHOLD ? 'falling' : 'flat';
  // The sentence does not repeat the direction (the screen shows it beside: "Flat · +19% share…").
  const how =
    change === null
      ? 'No entries in the earlier years'
      : `${change >= 0 ? '+' : ''}${Math.round(change * 100)}% share of the directory`;
  return {
    direction,
    recent,
    earlier,
    change: change === null ? null : Math.round(change * 1000) / 1000,
    sentence: `${how}: ${numbers}.`,
  };
}

function cellValue(metric: HeatMapQuery['metric'], c: Counts, yearTotal: number, age: number): number | null {
  if (metric === 'entries') return c.entries;
  if (metric === 'share') return yearTotal > 0 ? Math.round((c.entries / yearTotal) * 10000) / 100 : null;
  if (metric === 'survival')
    return c.entries > 0 && age >= SURVIVAL_MIN_AGE_YEARS ? Math.round((c.survivors / c.entries) * 1000) / 10 : null;
  return null;
}

export async function heatMap(options: {
  loadCorpus: CorpusLoader;
  query: HeatMapQuery;
  now: Date;
}): Promise<HeatMapDto> {
  const { query } = options;
  const { grid } = await gridFor(options.loadCorpus, query.category ?? null, options.now);
  const years = grid.years.filter(
    (y) => (query.from === undefined || y >= query.from) && (query.to === undefined || y <= query.to),
  );
  const isGrowth = query.metric === 'growth';
  const nowYear = options.now.getUTCFullYear();
  const rows: HeatRowDto[] = grid.rows.map((row) => {
    const byYear = grid.counts.get(row.key);
    if (isGrowth) {
      const survivors = [...(byYear?.values() ?? [])].reduce((s, c) => s + c.survivors, 0);
      return {
        ...row,
        cells: [{ year: 2033, entries: row.entries, yearTotal: grid.companies, survivors, value: row.growth }],
      };
    }
    return {
      ...row,
      cells: years.map((year) => {
        const c = byYear?.get(year) ?? { entries: 0, survivors: 0 };
        const yearTotal = grid.yearTotals.get(year) ?? 0;
        return { year, ...c, yearTotal, value: cellValue(query.metric, c, yearTotal, nowYear - year) };
      }),
    };
  });
  const values = rows.flatMap((r) => r.cells.map((c) => c.value)).filter((v): v is number => v !== null);
  const topRising = rows
    .flatMap((r) => years.map((year) => ({ row: r.key, label: r.label, year, reading: readTrend(grid, r.key, year) })))
    // Ranked among cells with enough entries on both sides, so 1 → 4 companies does not top the list.
    .filter(
      (x) =>
        x.reading.direction === 'rising' &&
        x.reading.change !== null &&
        x.reading.earlier.entries >= TREND_MIN_ENTRIES &&
        x.reading.recent.entries >= TREND_MIN_ENTRIES,
    )
    .sort((a, b) => b.reading.change! - a.reading.change! || b.reading.recent.entries - a.reading.recent.entries)
    .slice(0, TOP_RISING);
  return {
    corpus: { version: grid.version, kind: grid.kind, companies: grid.companies },
    metric: query.metric,
    category: query.category ?? null,
    years: isGrowth ? [2033] : years,
    // The current calendar year is still filling up: its column says so.
    columnLabels: isGrowth ? ['2023–2033'] : years.map((y) => (y >= nowYear ? `${y} (so far)` : String(y))),
    rows,
    scale: values.length ? { min: Math.min(...values), max: Math.max(...values) } : null,
    sources: grid.sources,
    topRising,
    computedAt: grid.computedAt,
  };
}

export async function heatCell(options: {
  loadCorpus: CorpusLoader;
  query: HeatCellQuery;
  now: Date;
}): Promise<HeatCellDetailDto> {
  const { category, year } = options.query;
  const tag = options.query.tag ?? null;
  const { grid, corpus } = await gridFor(options.loadCorpus, tag === null ? null : category, options.now);
  const key = tag ?? category;
  if (tag !== null && !grid.rows.some((r) => r.key === tag))
    throw new AppError('NOT_FOUND', "This tag is not one of this category's rows.");
  const companies = membersOf(corpus, category, tag)
    .filter((c) => c.year === year)
    .sort((a, b) => a.name.localeCompare(b.name));
  const cell = grid.counts.get(key)?.get(year) ?? { entries: 0, survivors: 0 };
  return {
    category,
    tag,
    year,
    entries: cell.entries,
    yearTotal: grid.yearTotals.get(year) ?? 0,
    survivors: cell.survivors,
    companies: companies.map((c) => ({
      slug: c.slug,
      name: c.name,
      oneLiner: c.oneLiner,
      status: c.status,
      batch: c.batch,
      website: c.website,
    })),
    reading: readTrend(grid, key, year),
    corpusVersion: grid.version,
  };
}
