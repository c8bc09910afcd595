import { useRef, useState, type KeyboardEvent } from 'react';
import type { HeatMapDto, HeatMetric } from '#shared/market-trends/market-trends.schemas.ts';
import { scalePosition, textOn, viridis } from './color-scale.ts';
import { ownValue } from '#shared/app/own-value.ts';

export type SelectedCell = { row: string; year: number };

/** How a metric's value reads in a cell and in the legend. */
export function formatValue(metric: HeatMetric, value: number | null): string {
  if (value === null) return '–';
  if (metric === 'entries') return String(value);
  if (metric === 'growth') return `${value > 0 ? '+' : ''}${value}%`;
  return `${value}%`;
}

/**
 * The heat map as an ARIA grid: one cell in the tab order at a time (roving tabindex); arrows, Home
 * and End move between cells, Enter or a click opens the cell. Values are printed in the cells.
 */
export function HeatMapGrid({
  map,
  selected,
  onSelect,
}: {
  map: HeatMapDto;
  selected: SelectedCell | null;
  onSelect: (cell: SelectedCell) => void;
}) {
  const [focus, setFocus] = useState<[number, number]>([0, 0]);
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const rows = map.rows;
  const cols = map.years.length;
  const [fr, fc] = [Math.min(focus[0], rows.length - 1), Math.min(focus[1], cols - 1)];

  function move(r: number, c: number) {
    const nr = Math.max(0, Math.min(rows.length - 1, r));
    const nc = Math.max(0, Math.min(cols - 1, c));
    setFocus([nr, nc]);
    refs.current.get(`${nr}:${nc}`)?.focus();
  }

  function onKeyDown(e: KeyboardEvent, r: number, c: number) {
    const moves: Record<string, [number, number]> = {
      ArrowRight: [r, c + 1],
      ArrowLeft: [r, c - 1],
      ArrowDown: [r + 1, c],
      ArrowUp: [r - 1, c],
      Home: e.ctrlKey ? [0, 0] : [r, 0],
      End: e.ctrlKey ? [rows.length - 1, cols - 1] : [r, cols - 1],
    };
    const target = ownValue(moves, e.key);
    if (!target) return;
    e.preventDefault();
    move(...target);
  }

  const metricName = map.metric === 'entries' ? 'companies entering' : map.metric;
  return (
    <div
      role="grid"
      aria-label={`Heat map: ${metricName} by ${map.category ? 'tag' : 'category'} and ${map.metric === 'growth' ? 'projection period' : 'year'}`}
      aria-rowcount={rows.length + 1}
      aria-colcount={cols + 1}
      className="inline-grid gap-px text-xs"
      style={{ gridTemplateColumns: `minmax(7rem, max-content) repeat(${cols}, minmax(2.75rem, 1fr))` }}
    >
      <div role="row" className="contents">
        <span role="columnheader" className="sticky left-0 z-10 bg-background p-1 font-semibold">
          {map.category ? 'Tag' : 'Category'}
        </span>
        {map.columnLabels.map((label) => (
          <span key={label} role="columnheader" className="p-1 text-center font-semibold">
            {label}
          </span>
        ))}
      </div>
      {rows.map((row, r) => (
        <div role="row" key={row.key} className="contents">
          <span role="rowheader" className="sticky left-0 z-10 flex items-center bg-background p-1 font-medium">
            {row.label}
          </span>
          {row.cells.map((cell, c) => {
            const t = cell.value === null || map.scale === null ? null : scalePosition(cell.value, map.scale);
            const isSelected = selected?.row === row.key && selected.year === cell.year;
            const text = formatValue(map.metric, cell.value);
            return (
              <span role="gridcell" key={cell.year} aria-selected={isSelected}>
                <button
                  type="button"
                  ref={(el) => {
                    if (el) refs.current.set(`${r}:${c}`, el);
                    else refs.current.delete(`${r}:${c}`);
                  }}
                  tabIndex={r === fr && c === fc ? 0 : -1}
                  aria-label={`${row.label}, ${map.columnLabels[c]}: ${text}${map.metric === 'entries' ? '' : `, ${cell.entries} companies`}`}
                  onKeyDown={(e) => onKeyDown(e, r, c)}
                  onFocus={() => setFocus([r, c])}
                  onClick={() => onSelect({ row: row.key, year: cell.year })}
                  className={`flex min-h-11 w-full min-w-11 items-center justify-center rounded-sm tabular-nums focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring ${isSelected ? 'ring-2 ring-foreground ring-offset-1' : ''} ${t === null ? 'bg-muted text-muted-foreground' : ''}`}
                  style={t === null ? undefined : { backgroundColor: viridis(t), color: textOn(t) }}
                >
                  {text}
                </button>
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
}
