import { z } from 'zod';
import { CATEGORIES } from '#shared/searches/filters.schemas.ts';

// GET /api/market-trends (heat map) and GET /api/market-trends/cell (drill-down): the contract.
// Every figure is counted from the engine's corpus (YC directory batch years, statuses and tags;
// BLS projections for the occupations a category is linked to), once per corpus version.

export const HEAT_METRICS = ['entries', 'share', 'survival', 'growth'] as const;
export type HeatMetric = (typeof HEAT_METRICS)[number];

export const HEAT_METRIC_LABELS: Record<HeatMetric, string> = {
  entries: 'Companies entering',
  share: "Share of that year's directory",
  survival: 'Survival (active, acquired or public)',
  growth: 'BLS projected employment growth 2023–2033',
};

/** Tag rows shown when a category is opened: its most frequent directory tags. */
export const MAX_TAG_ROWS = 15;
/** Window (years) each side of a cell's trend reading: the cell's year and the one before vs the two before. */
export const TREND_WINDOW_YEARS = 2;
/** Relative change of share beyond which a trend reads rising or falling (±20 %). */
export const TREND_THRESHOLD = 0.2;
/** Entries a row needs in the two windows together before its trend is read at all. */
export const TREND_MIN_ENTRIES = 5;
/**
 * Survival is shown only for cohorts at least this many years old: a company that entered last year has
 * not had time to fail, so its cohort's 100 % says nothing (issue 29).
 */
export const SURVIVAL_MIN_AGE_YEARS = 3;
export const SURVIVAL_NOTE = `Survival is shown for cohorts at least ${SURVIVAL_MIN_AGE_YEARS} years old: younger companies have not had time to fail.`;
export const MIN_YEAR = 1990;
export const MAX_YEAR = 2100;

const year = z.coerce
  .number({ message: 'Year must be a number' })
  .int('Year must be a whole number')
  .min(MIN_YEAR)
  .max(MAX_YEAR);

export const heatMapQuerySchema = z
  .strictObject({
    metric: z.enum(HEAT_METRICS, { message: 'Unknown metric' }).default('entries'),
    category: z.enum(CATEGORIES, { message: 'Unknown category' }).optional(),
    from: year.optional(),
    to: year.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'The first year must not be after the last year',
    path: ['to'],
  });
export type HeatMapQuery = z.infer<typeof heatMapQuerySchema>;

export const heatCellQuerySchema = z.strictObject({
  category: z.enum(CATEGORIES, { message: 'Unknown category' }),
  tag: z.string().trim().min(1).max(100).optional(),
  year,
});
export type HeatCellQuery = z.infer<typeof heatCellQuerySchema>;

export const trendReadingSchema = z.object({
  /** 'new': entries now and none in the earlier window (growth from zero is not a percentage). */
  direction: z.enum(['rising', 'falling', 'flat', 'new', 'unknown']),
  /** Share of the directory in the recent window (this year and the one before) and the earlier one. */
  recent: z.object({
    from: z.number().int(),
    to: z.number().int(),
    entries: z.number().int(),
    total: z.number().int(),
  }),
  earlier: z.object({
    from: z.number().int(),
    to: z.number().int(),
    entries: z.number().int(),
    total: z.number().int(),
  }),
  /** Relative change of share, recent against earlier; null when the earlier window has no entries. */
  change: z.number().nullable(),
  sentence: z.string(),
});
export type TrendReading = z.infer<typeof trendReadingSchema>;

export const heatCellSchema = z.object({
  year: z.number().int(),
  entries: z.number().int(),
  /** Companies of any category that entered the directory that year. */
  yearTotal: z.number().int(),
  survivors: z.number().int(),
  /** The chosen metric's value for this cell; null when it has no meaning (no entries, no linked occupation). */
  value: z.number().nullable(),
});

export const linkedOccupationSchema = z.object({
  soc: z.string(),
  title: z.string(),
  employment2023: z.number(),
  employment2033: z.number(),
  percentChange: z.number(),
});

export const heatRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['category', 'tag']),
  entries: z.number().int(),
  /** Employment-weighted BLS growth 2023–2033 (%) of the linked occupations; null when none is linked. */
  growth: z.number().nullable(),
  occupations: z.array(linkedOccupationSchema),
  cells: z.array(heatCellSchema),
});
export type HeatRowDto = z.infer<typeof heatRowSchema>;

export const heatSourceSchema = z.object({ label: z.string(), asOf: z.string().nullable() });

export const risingCellSchema = z.object({
  row: z.string(),
  label: z.string(),
  year: z.number().int(),
  reading: trendReadingSchema,
});

export const heatMapSchema = z.object({
  corpus: z.object({ version: z.string(), kind: z.enum(['full', 'seed']), companies: z.number().int() }),
  metric: z.enum(HEAT_METRICS),
  category: z.enum(CATEGORIES).nullable(),
  /** Column years; for the growth metric a single column stands for the BLS 2023–2033 projection. */
  years: z.array(z.number().int()),
  /** A label per column ("2019", or "2023–2033" for the growth metric's one column). */
  columnLabels: z.array(z.string()),
  rows: z.array(heatRowSchema),
  /** Smallest and largest value over the cells, for the legend; null when no cell has a value. */
  scale: z.object({ min: z.number(), max: z.number() }).nullable(),
  sources: z.array(heatSourceSchema),
  /** The cells whose trend reads most clearly rising (largest relative change of share). */
  topRising: z.array(risingCellSchema),
  computedAt: z.iso.datetime(),
});
export type HeatMapDto = z.infer<typeof heatMapSchema>;

export const heatCompanySchema = z.object({
  slug: z.string(),
  name: z.string(),
  oneLiner: z.string(),
  status: z.enum(['Active', 'Inactive', 'Acquired', 'Public', 'Unknown']),
  batch: z.string(),
  website: z.string().nullable(),
});

export const heatCellDetailSchema = z.object({
  category: z.enum(CATEGORIES),
  tag: z.string().nullable(),
  year: z.number().int(),
  entries: z.number().int(),
  yearTotal: z.number().int(),
  survivors: z.number().int(),
  companies: z.array(heatCompanySchema),
  reading: trendReadingSchema,
  corpusVersion: z.string(),
});
export type HeatCellDetailDto = z.infer<typeof heatCellDetailSchema>;
