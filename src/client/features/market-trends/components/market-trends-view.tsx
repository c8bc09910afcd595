import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  HEAT_METRICS,
  HEAT_METRIC_LABELS,
  heatMapQuerySchema,
  type HeatMapQuery,
} from '#shared/market-trends/market-trends.schemas.ts';
import { CATEGORY_OPTIONS, categoryLabel } from '#shared/searches/filter-options.ts';
import type { Category } from '#shared/searches/filters.schemas.ts';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { heatMapQueryOptions } from '../api/market-trends-api.ts';
import { RecentFirstScroller } from './recent-first-scroller.tsx';
import { CellDetail, GrowthDetail } from './cell-detail.tsx';
import { HeatMapGrid, type SelectedCell } from './heat-map-grid.tsx';
import { HeatMapLegend } from './heat-map-legend.tsx';
import { HeatMapTable } from './heat-map-table.tsx';

const selectClass = 'min-h-11 max-w-full rounded-md border bg-background px-3';

function readQuery(params: URLSearchParams): { query: HeatMapQuery; problem: string | null } {
  const parsed = heatMapQuerySchema.safeParse(Object.fromEntries(params));
  if (parsed.success) return { query: parsed.data, problem: null };
  return { query: { metric: 'entries' }, problem: parsed.error.issues[0]?.message ?? 'Invalid settings' };
}

/** /market-trends: the heat map, its controls, legend, table alternative and the selected cell's detail. */
export function MarketTrendsView() {
  const [params, setParams] = useSearchParams();
  const { query, problem } = readQuery(params);
  const [asTable, setAsTable] = useState(false);
  const [selected, setSelected] = useState<SelectedCell | null>(null);
  const map = useQuery({ ...heatMapQueryOptions(query), placeholderData: keepPreviousData });

  function update(patch: Partial<Record<keyof HeatMapQuery, string | undefined>>) {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, v);
    }
    setSelected(null);
    setParams(next, { replace: true });
  }

  if (map.isPending) return <Spinner className="w-full py-16" label="Loading the heat map" />;
  if (map.isError) return <ErrorScreen error={map.error} onRetry={() => void map.refetch()} />;
  const m = map.data;
  const [directory, bls] = m.sources;
  const allYears = m.metric === 'growth' ? [] : m.years;
  const selectedRow = selected ? m.rows.find((r) => r.key === selected.row) : undefined;

  return (
    <div className="space-y-5">
      {m.corpus.kind === 'seed' ? (
        <aside aria-label="About the data" className="rounded-lg border bg-accent p-3 text-sm text-accent-foreground">
          This map is drawn from the <strong>built-in seed corpus</strong>, a small sample of {m.corpus.companies}{' '}
          companies: the picture is a small sample, not the market. Whoever runs this server can load the full datasets.
        </aside>
      ) : null}
      <div className="flex flex-wrap items-end gap-3 text-sm" role="group" aria-label="Heat map settings">
        <label className="flex max-w-full flex-col gap-1">
          Metric
          <select className={selectClass} value={m.metric} onChange={(e) => update({ metric: e.target.value })}>
            {HEAT_METRICS.map((v) => (
              <option key={v} value={v}>
                {HEAT_METRIC_LABELS[v]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex max-w-full flex-col gap-1">
          Rows
          <select
            className={selectClass}
            value={m.category ?? ''}
            onChange={(e) => update({ category: e.target.value })}
          >
            <option value="">The ten categories</option>
            {CATEGORY_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                Tags within {o.label}
              </option>
            ))}
          </select>
        </label>
        {m.metric === 'growth' ? null : (
          <>
            <label className="flex flex-col gap-1">
              From
              <input
                type="number"
                className={`${selectClass} w-24`}
                defaultValue={query.from}
                placeholder={String(allYears[0] ?? '')}
                onBlur={(e) => update({ from: e.target.value })}
              />
            </label>
            <label className="flex flex-col gap-1">
              To
              <input
                type="number"
                className={`${selectClass} w-24`}
                defaultValue={query.to}
                placeholder={String(allYears[allYears.length - 1] ?? '')}
                onBlur={(e) => update({ to: e.target.value })}
              />
            </label>
          </>
        )}
        <Button variant="outline" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {asTable ? 'Show the heat map' : 'Show as a table'}
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}: showing the whole map instead.{' '}
          <Button variant="link" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            Reset the settings
          </Button>
        </p>
      ) : null}
      <HeatMapLegend map={m} />
      {m.rows.length === 0 || m.years.length === 0 ? (
        <p>No company in the directory falls in these rows and years.</p>
      ) : asTable ? (
        <HeatMapTable map={m} />
      ) : (
        <RecentFirstScroller key={`${m.metric}-${m.years.join(',')}`}>
          <HeatMapGrid map={m} selected={selected} onSelect={setSelected} />
        </RecentFirstScroller>
      )}
      <p className="text-sm text-muted-foreground">
        Use the arrow keys to move between cells, Enter to list the companies behind one.
        {m.category ? '' : ' Pick "Tags within …" under Rows to open a category.'}
      </p>
      <section aria-label="Selected cell" aria-live="polite" className="rounded-lg border p-4">
        {selected && selectedRow ? (
          m.metric === 'growth' ? (
            <GrowthDetail row={selectedRow} />
          ) : (
            <CellDetail
              category={(m.category ?? selected.row) as Category}
              tag={m.category ? selected.row : undefined}
              year={selected.year}
              label={m.category ? `${selectedRow.label} (${categoryLabel(m.category)})` : selectedRow.label}
            />
          )
        ) : (
          <p className="text-sm">Select a cell to see the companies behind it and how the trend reads.</p>
        )}
      </section>
      <footer className="space-y-1 text-sm text-muted-foreground">
        <p>
          Source: {directory?.label} as of {directory?.asOf ?? 'an unknown date'} (newest entry), by batch year;
          categories from each company&apos;s directory industry and tags.
        </p>
        <p>Source: {bls?.label} (growth of the occupations linked to each category).</p>
        <p>
          Corpus version <code>{m.corpus.version}</code> · {m.corpus.companies} companies · computed{' '}
          {new Date(m.computedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC
        </p>
      </footer>
    </div>
  );
}
