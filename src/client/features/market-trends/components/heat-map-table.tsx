import type { HeatMapDto } from '#shared/market-trends/market-trends.schemas.ts';
import { formatValue } from './heat-map-grid.tsx';

/** The same numbers as a plain table, for screen readers and for copying. */
export function HeatMapTable({ map }: { map: HeatMapDto }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Heat map as a table">
      <table className="text-left text-sm tabular-nums">
        <caption className="sr-only">Heat map values as a table</caption>
        <thead>
          <tr>
            <th scope="col" className="p-1">
              {map.category ? 'Tag' : 'Category'}
            </th>
            {map.columnLabels.map((l) => (
              <th scope="col" key={l} className="p-1">
                {l}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {map.rows.map((row) => (
            <tr key={row.key} className="border-t">
              <th scope="row" className="p-1 font-medium">
                {row.label}
              </th>
              {row.cells.map((c) => (
                <td key={c.year} className="p-1">
                  {formatValue(map.metric, c.value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
