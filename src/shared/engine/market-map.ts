import type { Evidence, Opportunity } from './analysis.schemas.ts';
import { NOT_SIZED, scoreValue } from '../app/score-format.ts';

// The market map of an analysis (issue 28, docs/product/market-map.md): customer segments × jobs, each cell
// the opportunity the engine scored there with its supply (competitors, software already used in the work)
// and its demand (establishments, people doing the work), every figure read from that opportunity's own
// evidence with the evidence's id. Nothing is estimated here: a figure the evidence does not hold is null.
// The analysis page, the PDF report and the pitch deck all draw the map from this one function.

/** One number of a cell with the evidence it was read from. */
export type MapFigure = { value: number; evidenceIds: string[]; note: string };

export type MapSupply = {
  competitors: number;
  /** Competitors still operating: status Active or Public (acquired and inactive ones are exits). */
  active: number;
  /** Established products O*NET lists for this work (supply beyond the startup directory). */
  software: number;
};

export type MapDemand = {
  /** Possible business customers: establishments of the customer's industry (Census CBP). */
  establishments: MapFigure | null;
  /**
   * People doing the job: in the customer's industry when the engine measured the job's work activity
   * there (`scope: 'industry'`), otherwise employment of the occupation cited as doing it, U.S.-wide.
   */
  workers: (MapFigure & { scope: 'industry' | 'occupation' }) | null;
  /** Projected employment change of that occupation, 2023–2033, in percent. */
  growth: MapFigure | null;
};

export type MapCell<T extends Opportunity = Opportunity> = {
  segment: string;
  job: string;
  /** The best-ranked opportunity of this cell; the cell's figures are its own. */
  opportunity: T;
  /** Further opportunities the engine placed on the same segment × job, best first. */
  alsoHere: T[];
  score: number;
  supply: MapSupply;
  demand: MapDemand;
  /** Whether any demand figure is known; false reads "not sized", never zero. */
  isSized: boolean;
};

export type MarketMap<T extends Opportunity = Opportunity> = {
  /** Rows: customer segments, in the order of their best opportunity. */
  segments: string[];
  /** Columns: jobs (offerings), in the order of their best opportunity. */
  jobs: string[];
  /** grid[segment][job]: the cell, or null where nothing was scored. */
  grid: (MapCell<T> | null)[][];
  /** The scored cells, best first. */
  cells: MapCell<T>[];
  /** Segment × job pairs with no opportunity. */
  emptyCount: number;
};

const THOUSAND = 1000;

/** Reads a demand figure; `scale` turns the source's unit (thousands) into a count. */
function figure(e: Evidence | undefined, scale = 1): MapFigure | null {
  if (!e || typeof e.value !== 'number' || !Number.isFinite(e.value)) return null;
  return { value: scale === 1 ? e.value : Math.round(e.value * scale), evidenceIds: [e.id], note: e.note };
}

function workersOf(evidence: readonly Evidence[]): MapDemand['workers'] {
  const activity = figure(
    evidence.find((e) => /^activity:.+:demand$/.test(e.id)),
    THOUSAND,
  );
  if (activity) return { ...activity, scope: 'industry' };
  // The cited workers the segment's industry employs (BLS staffing matrix), when the engine counted them.
  const segment = figure(
    evidence.find((e) => /^segment:.+:workers$/.test(e.id)),
    THOUSAND,
  );
  if (segment) return { ...segment, scope: 'industry' };
  // The occupations the analysis cites as doing the work (role "worker"), summed: each is a distinct SOC code.
  const workerSocs = new Set(
    evidence.filter((e) => e.id.endsWith(':role') && e.value === 'worker').map((e) => e.ref.replace(/\.\d+$/, '')),
  );
  const rows = [...workerSocs]
    .map((soc) => evidence.find((e) => e.id === `bls:${soc}:employment`))
    .filter((e): e is Evidence => e !== undefined && typeof e.value === 'number');
  const first = figure(rows[0], THOUSAND);
  if (!first || rows.length === 1) return first ? { ...first, scope: 'occupation' } : null;
  return {
    value: Math.round(rows.reduce((sum, e) => sum + (e.value as number), 0) * THOUSAND),
    evidenceIds: rows.map((e) => e.id),
    note: rows.map((e) => e.note).join('; '),
    scope: 'occupation',
  };
}

function growthOf(evidence: readonly Evidence[], workers: MapDemand['workers']): MapFigure | null {
  if (workers?.scope !== 'occupation' || workers.evidenceIds.length !== 1) return null;
  const soc = workers.evidenceIds[0]!.replace(/^bls:|:employment$/g, '');
  return figure(evidence.find((e) => e.id === `bls:${soc}:growth`));
}

export function demandOf(evidence: readonly Evidence[]): MapDemand {
  const workers = workersOf(evidence);
  return {
    establishments: figure(evidence.find((e) => e.id === 'industry:establishments')),
    workers,
    growth: growthOf(evidence, workers),
  };
}

export function supplyOf(o: Opportunity): MapSupply {
  return {
    competitors: o.competitors.length,
    active: o.competitors.filter((c) => c.status === 'Active' || c.status === 'Public').length,
    software: o.evidence.filter((e) => e.id.includes(':tech:')).length,
  };
}

function labelOf(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** The map of an analysis's opportunities (any order in; cells best first by rank). */
export function deriveMarketMap<T extends Opportunity>(opportunities: readonly T[]): MarketMap<T> {
  const byRank = [...opportunities].sort((a, b) => a.rank - b.rank);
  const segments: string[] = [];
  const jobs: string[] = [];
  const cellsByKey = new Map<string, MapCell<T>>();
  const cells: MapCell<T>[] = [];
  for (const o of byRank) {
    const segment = labelOf(o.cell.segment);
    const job = labelOf(o.cell.offering);
    if (!segments.includes(segment)) segments.push(segment);
    if (!jobs.includes(job)) jobs.push(job);
    const key = JSON.stringify([segment, job]);
    const existing = cellsByKey.get(key);
    if (existing) {
      existing.alsoHere.push(o);
      continue;
    }
    const demand = demandOf(o.evidence);
    const cell: MapCell<T> = {
      segment,
      job,
      opportunity: o,
      alsoHere: [],
      score: scoreValue(o.opportunityScore),
      supply: supplyOf(o),
      demand,
      isSized: demand.establishments !== null || demand.workers !== null,
    };
    cellsByKey.set(key, cell);
    cells.push(cell);
  }
  const grid = segments.map((segment) => jobs.map((job) => cellsByKey.get(JSON.stringify([segment, job])) ?? null));
  return { segments, jobs, grid, cells, emptyCount: segments.length * jobs.length - cells.length };
}

/** Score bands the map colours by; each is also written as a word, so colour is never the only cue. */
export const MAP_SCORE_BANDS = [
  { key: 'high', label: 'High (60–100)', min: 60 },
  { key: 'medium', label: 'Medium (40–59)', min: 40 },
  { key: 'low', label: 'Low (0–39)', min: 0 },
] as const;
export type MapScoreBand = (typeof MAP_SCORE_BANDS)[number]['key'];

export function scoreBand(score: number): MapScoreBand {
  return (MAP_SCORE_BANDS.find((b) => score >= b.min) ?? MAP_SCORE_BANDS[2]).key;
}

const count = new Intl.NumberFormat('en-US');

/** "135,333 establishments" or "establishments not sized". */
export function establishmentsText(demand: MapDemand): string {
  return demand.establishments
    ? `${count.format(demand.establishments.value)} establishments`
    : 'establishments not sized';
}

/** "271,300 people doing this work (U.S., occupation)" or "workers not sized". */
export function workersText(demand: MapDemand): string {
  if (!demand.workers) return 'workers not sized';
  const where = demand.workers.scope === 'industry' ? 'in the industry' : 'U.S., whole occupation';
  return `${count.format(demand.workers.value)} people doing this work (${where})`;
}

/** "6 competitors, 4 active" (and the incumbent software when O*NET lists some). */
export function supplyText(supply: MapSupply): string {
  const competitors =
    supply.competitors === 0
      ? 'no competitor found'
      : `${supply.competitors} competitor${supply.competitors === 1 ? '' : 's'}, ${supply.active} active`;
  return supply.software > 0
    ? `${competitors}; ${supply.software} established software product${supply.software === 1 ? '' : 's'}`
    : competitors;
}

/** "+7 % to 2033" or null. */
export function growthText(demand: MapDemand): string | null {
  if (!demand.growth) return null;
  const v = demand.growth.value;
  return `${v > 0 ? '+' : ''}${v} % to 2033`;
}

/** The sentence a map with one cell says instead of pretending to be a grid. */
export function singleCellSentence(map: MarketMap): string | null {
  if (map.cells.length !== 1 || map.emptyCount > 0) return null;
  const only = map.cells[0]!;
  return `This map has one cell: the analysis scored one customer segment (${only.segment}) and one job (${only.job}), so there is nothing to compare it with here.`;
}

/** "38/100 (low)": a cell's score with its band in words. */
export function scoreText(cell: MapCell<Opportunity>): string {
  return `${cell.score}/100 (${scoreBand(cell.score)})`;
}

/** The columns of the map as a table (the page's table, the PDF report and the pitch deck). */
export const MAP_TABLE_HEADERS = [
  'Customer segment',
  'Job',
  'Opportunity',
  'Score',
  'Supply',
  'Establishments',
  'People doing the work',
  'Growth',
] as const;

export const NOT_SCORED = 'Not scored: no opportunity for this segment and job';

/** Every segment × job pair in grid order: the scored cell, or null where nothing was scored. */
export function mapPairs<T extends Opportunity>(
  map: MarketMap<T>,
): { segment: string; job: string; cell: MapCell<T> | null }[] {
  return map.segments.flatMap((segment, i) =>
    map.jobs.map((job, j) => ({ segment, job, cell: map.grid[i]?.[j] ?? null })),
  );
}

/** The map as rows of text under MAP_TABLE_HEADERS; an empty pair has its segment, job and NOT_SCORED. */
export function mapTableRows(map: MarketMap): string[][] {
  return mapPairs(map).map(({ segment, job, cell }) => {
    if (!cell) return [segment, job, NOT_SCORED];
    const { demand } = cell;
    return [
      segment,
      job,
      [cell.opportunity, ...cell.alsoHere].map((o) => o.title).join('; '),
      scoreText(cell),
      supplyText(cell.supply),
      demand.establishments ? count.format(demand.establishments.value) : NOT_SIZED,
      demand.workers ? workersText(demand) : NOT_SIZED,
      growthText(demand) ?? '—',
    ];
  });
}

/** One line saying what the map holds: the one-cell sentence, or its size. */
export function mapSummary(map: MarketMap): string {
  const single = singleCellSentence(map);
  if (single) return single;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(map.segments.length, 'segment')} × ${plural(map.jobs.length, 'job')}: ${map.cells.length} scored, ${map.emptyCount} not scored.`;
}
