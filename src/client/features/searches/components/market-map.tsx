import { Fragment, useId, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { clsx as cn } from 'clsx';
import type { SearchResultDto } from '#shared/searches/search.schemas.ts';
import {
  deriveMarketMap,
  growthText,
  MAP_SCORE_BANDS,
  MAP_TABLE_HEADERS,
  mapPairs,
  mapSummary,
  NOT_SCORED,
  scoreBand,
  scoreText,
  singleCellSentence,
  supplyText,
  workersText,
  type MapCell,
  type MapScoreBand,
} from '#shared/engine/market-map.ts';
import { NOT_SIZED, SCORE_MAX } from '#shared/app/score-format.ts';
import { PhoneDisclosure } from '#client/components/ui/phone-disclosure.tsx';
import { paths } from '#client/config/paths.ts';

// The market map of an analysis (issue 28, docs/product/market-map.md): customer segments (rows) × jobs
// (columns), each scored cell a link to its opportunity with its score, supply and demand. Colour marks the
// score band, and the band is also written in every cell and in the legend, so colour is never the only cue.
// The same figures are in a table behind the chart. No chart library: a CSS grid of links.

type Cell = MapCell<SearchResultDto>;

const BAND_CLASS: Record<MapScoreBand, string> = {
  high: 'border-indigo-700 bg-indigo-200 text-indigo-950 dark:border-indigo-300 dark:bg-indigo-700 dark:text-white',
  medium:
    'border-indigo-500 bg-indigo-100 text-indigo-950 dark:border-indigo-400 dark:bg-indigo-900 dark:text-indigo-50',
  low: 'border-slate-400 bg-slate-50 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100',
};
const BAND_WORD: Record<MapScoreBand, string> = { high: 'High', medium: 'Medium', low: 'Low' };

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

function demandLine(cell: Cell): string {
  if (!cell.isSized) return 'Demand not sized';
  const { establishments, workers } = cell.demand;
  return [
    establishments ? `${compact.format(establishments.value)} establishments` : null,
    workers ? `${compact.format(workers.value)} workers` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function supplyLine(cell: Cell): string {
  const { competitors, active } = cell.supply;
  if (competitors === 0) return 'No competitor found';
  return `${competitors} competitor${competitors === 1 ? '' : 's'} (${active} active)`;
}

function MapCellLink({ cell }: { cell: Cell }) {
  const band = scoreBand(cell.score);
  const o = cell.opportunity;
  return (
    <Link
      to={paths.searchResult.href(o.id)}
      className={cn(
        'flex min-h-11 w-full flex-col gap-0.5 rounded-lg border-2 p-2 text-left text-xs hover:underline',
        BAND_CLASS[band],
      )}
    >
      <span className="sr-only">Open the opportunity {o.title}: </span>
      <span className="font-semibold sm:sr-only">{cell.job}</span>
      <span>
        <span className="text-lg leading-none font-bold">{cell.score}</span>
        <span>/{SCORE_MAX}</span> <span className="font-medium">{BAND_WORD[band]}</span>
        <span className="sr-only"> score</span>
      </span>
      <span>{supplyLine(cell)}</span>
      <span className={cell.isSized ? undefined : 'italic'}>{demandLine(cell)}</span>
      {cell.alsoHere.length > 0 ? <span>+{cell.alsoHere.length} more here (see the table)</span> : null}
    </Link>
  );
}

function EmptyCell({ job }: { job: string }) {
  return (
    <div className="flex min-h-11 flex-col justify-center rounded-lg border-2 border-dashed p-2 text-xs text-muted-foreground">
      <span className="font-semibold sm:sr-only">{job}</span>
      <span>Not scored</span>
    </div>
  );
}

function Legend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
      {MAP_SCORE_BANDS.map((b) => (
        <li key={b.key} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={cn('inline-block size-4 rounded border-2', BAND_CLASS[b.key])} />
          Score {b.label}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block size-4 rounded border-2 border-dashed" />
        {NOT_SCORED}
      </li>
    </ul>
  );
}

function full(n: number): string {
  return n.toLocaleString('en-US');
}

// On a phone the table becomes a list: a block a row, each cell led by its column's name (CSS generated
// content from data-label, which screen readers read too), so nothing needs scrolling sideways.
const cellClass =
  'p-2 max-sm:block max-sm:px-0 max-sm:py-0.5 max-sm:before:font-medium max-sm:before:content-[attr(data-label)]';

function MapTable({ cells, rows }: { cells: Cell[]; rows: { segment: string; job: string; cell: Cell | null }[] }) {
  const [
    segmentLabel,
    jobLabel,
    opportunityLabel,
    scoreLabel,
    supplyLabel,
    establishmentsLabel,
    workersLabel,
    growthLabel,
  ] = MAP_TABLE_HEADERS.map((h) => `${h}: `);
  return (
    <div className="overflow-x-auto" role="region" aria-label="Market map table" tabIndex={0}>
      <table className="w-full border-collapse text-left text-sm max-sm:block sm:min-w-[44rem]">
        <caption className="mb-2 text-left text-xs text-muted-foreground max-sm:block">
          Market map: {cells.length} scored cell{cells.length === 1 ? '' : 's'}, customer segment × job, with supply and
          demand read from each opportunity&apos;s evidence
        </caption>
        <thead className="max-sm:hidden">
          <tr className="border-b">
            {MAP_TABLE_HEADERS.map((header) => (
              <th key={header} scope="col" className="p-2">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {rows.map(({ segment, job, cell }) => (
            <tr key={`${segment}\u0000${job}`} className="border-b align-top max-sm:block max-sm:py-2">
              <th scope="row" data-label={segmentLabel} className={cn(cellClass, 'font-medium')}>
                {segment}
              </th>
              <td data-label={jobLabel} className={cellClass}>
                {job}
              </td>
              {cell ? (
                <>
                  <td data-label={opportunityLabel} className={cellClass}>
                    {[cell.opportunity, ...cell.alsoHere].map((o) => (
                      <Link
                        key={o.id}
                        to={paths.searchResult.href(o.id)}
                        className="control min-h-11 items-center text-primary underline underline-offset-4"
                      >
                        {o.title}
                      </Link>
                    ))}
                  </td>
                  <td data-label={scoreLabel} className={cellClass}>
                    {scoreText(cell)}
                  </td>
                  <td data-label={supplyLabel} className={cellClass}>
                    {supplyText(cell.supply)}
                  </td>
                  <td data-label={establishmentsLabel} className={cellClass}>
                    {cell.demand.establishments ? full(cell.demand.establishments.value) : NOT_SIZED}
                  </td>
                  <td data-label={workersLabel} className={cellClass}>
                    {cell.demand.workers ? workersText(cell.demand) : NOT_SIZED}
                  </td>
                  <td data-label={growthLabel} className={cellClass}>
                    {growthText(cell.demand) ?? '—'}
                  </td>
                </>
              ) : (
                <td className={cn(cellClass, 'text-muted-foreground')} colSpan={MAP_TABLE_HEADERS.length - 2}>
                  {NOT_SCORED}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The analysis's market map with its legend and table; nothing when there are no opportunities. */
export function MarketMap({ results }: { results: SearchResultDto[] }) {
  const titleId = useId();
  const map = deriveMarketMap(results);
  if (map.cells.length === 0) return null;
  const single = singleCellSentence(map);
  const rows = mapPairs(map);
  const columns = { '--map-jobs': map.jobs.length } as CSSProperties;
  return (
    <section aria-labelledby={titleId} className="rounded-xl border bg-card p-4">
      <h2 id={titleId} className="text-lg font-semibold">
        Market map
      </h2>
      {single ? (
        <p role="note" className="mt-2 text-sm">
          {single}
        </p>
      ) : (
        <p className="mt-2 text-sm">{mapSummary(map)}</p>
      )}
      <PhoneDisclosure label="Show the market map" className="mt-3">
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground">
            Customer segments (rows) × jobs (columns). Each scored cell is an opportunity: its score, its supply
            (competitors in the directory) and its demand (establishments and people doing the work), from its own
            evidence. Select a cell to open its opportunity.
          </p>
          <Legend />
          <div
            style={columns}
            className="grid grid-cols-1 gap-2 sm:grid-cols-[minmax(7rem,10rem)_repeat(var(--map-jobs),minmax(0,1fr))]"
          >
            <div aria-hidden="true" className="hidden sm:block" />
            {map.jobs.map((job) => (
              <div key={job} aria-hidden="true" className="hidden self-end text-xs font-semibold break-words sm:block">
                {job}
              </div>
            ))}
            {map.segments.map((segment, i) => (
              <Fragment key={segment}>
                <h3 className="mt-2 text-sm font-semibold sm:mt-0 sm:self-center">{segment}</h3>
                {map.jobs.map((job, j) => {
                  const cell = map.grid[i]?.[j] ?? null;
                  return cell ? <MapCellLink key={job} cell={cell} /> : <EmptyCell key={job} job={job} />;
                })}
              </Fragment>
            ))}
          </div>
          <details className="rounded-lg border p-2">
            <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium">The map as a table</summary>
            <MapTable cells={map.cells} rows={rows} />
          </details>
        </div>
      </PhoneDisclosure>
    </section>
  );
}
