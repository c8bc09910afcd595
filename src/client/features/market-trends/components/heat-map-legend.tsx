import { HEAT_METRIC_LABELS, SURVIVAL_NOTE, type HeatMapDto } from '#shared/market-trends/market-trends.schemas.ts';
import { LEGEND_GRADIENT } from './color-scale.ts';
import { formatValue } from './heat-map-grid.tsx';

export function HeatMapLegend({ map }: { map: HeatMapDto }) {
  return (
    <figure aria-label="Legend" className="flex flex-wrap items-center gap-3 text-sm">
      <figcaption className="font-medium">{HEAT_METRIC_LABELS[map.metric]}</figcaption>
      {map.scale ? (
        <span className="flex items-center gap-2">
          <span data-testid="legend-min">{formatValue(map.metric, map.scale.min)}</span>
          <span aria-hidden="true" className="h-3 w-40 rounded-sm" style={{ background: LEGEND_GRADIENT }} />
          <span data-testid="legend-max">{formatValue(map.metric, map.scale.max)}</span>
        </span>
      ) : (
        <span>No cell has a value for this metric.</span>
      )}
      <span className="flex items-center gap-1">
        <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-muted" /> – no value
      </span>
      {map.metric === 'survival' ? <span className="w-full text-muted-foreground">{SURVIVAL_NOTE}</span> : null}
    </figure>
  );
}
